"""League structure: leagues, seasons, rounds, players, registrations and drawn tables."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from league.holiday_field import HolidayListField
from league.holidays import DEFAULT_SKIPPED, default_skipped_holidays


class League(models.Model):
    """A club league (e.g. the scheduled-rounds league or the rated 1200+ league)."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    slug = models.SlugField(_("slug"), max_length=120, unique=True, allow_unicode=True)
    timezone = models.CharField(_("time zone"), max_length=64, default="Asia/Jerusalem")
    # Where we play: the game's or video call's link and when to join it (the draw text).
    play_link = models.URLField(
        _("where we play (link)"),
        max_length=500,
        blank=True,
        db_default="",  # rows written by code that predates it (a rolling deploy) get none
        help_text=_("The game's or the video call's link, e.g. https://meet.example.org/whist."),
    )
    join_time = models.TimeField(
        _("join time"),
        null=True,
        blank=True,
        help_text=_("When the players join the link on a round's evening, e.g. 20:25."),
    )
    # The holidays whose evenings the season wizard skips (league.holidays' keys).
    skipped_holidays = HolidayListField(
        _("holidays not played"),
        default=default_skipped_holidays,
        # rows written by code that predates it (a rolling deploy) get the default list too
        db_default=models.Value(list(DEFAULT_SKIPPED), output_field=models.JSONField()),
        blank=True,
        help_text=_("The season wizard skips the evenings on which these holidays begin."),
    )
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="organized_leagues",
        verbose_name=_("organizers"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A person who plays in the club's leagues, optionally linked to a user account."""

    name = models.CharField(_("name"), max_length=80, unique=True)
    slug = models.SlugField(_("slug"), max_length=100, unique=True, allow_unicode=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
        verbose_name=_("user account"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    """One season of a league, with its rules stored as data (see league.rules)."""

    class Status(models.TextChoices):
        UPCOMING = "upcoming", _("upcoming")
        RUNNING = "running", _("running")
        FINISHED = "finished", pgettext_lazy("season status", "finished")

    league = models.ForeignKey(
        League, on_delete=models.PROTECT, related_name="seasons", verbose_name=_("league")
    )
    slug = models.SlugField(_("slug"), max_length=120, unique=True, allow_unicode=True)
    name = models.CharField(_("name"), max_length=120)
    rules_preset = models.CharField(_("rules preset"), max_length=60)
    rules = models.JSONField(_("rules"), default=dict)
    start = models.DateField(_("start date"))
    end = models.DateField(_("end date"))
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.UPCOMING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-start", "slug"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.CheckConstraint(
                condition=Q(end__gte=models.F("start")), name="season_end_after_start"
            ),
        ]

    def __str__(self) -> str:
        return self.name or self.slug


class Round(models.Model):
    """A scheduled round of a scheduled-rounds season (two a week)."""

    class Status(models.TextChoices):
        OPEN = "open", _("open for registration")
        CLOSED = "closed", _("registration closed")
        DRAWN = "drawn", _("drawn")
        IN_PLAY = "in_play", _("in play")
        FINISHED = "finished", pgettext_lazy("round status", "finished")

    class DrawMethod(models.TextChoices):
        RANDOM = "random", _("random")
        RANKING = "ranking", _("by ranking")
        # A tournament's stage after the first, and its final table (RULES.md 3.4).
        STANDING = "standing", _("by the standing")
        FINAL = "final", _("final table")
        # Imported rounds whose draw nobody recorded: never guessed from the league's rule.
        NOT_RECORDED = "not_recorded", _("not recorded")

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("season")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    date = models.DateField(_("date"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )
    registration_deadline = models.DateTimeField(
        _("registration deadline"),
        null=True,
        blank=True,
        help_text=_("Leave empty for the league's default time on the round's date."),
    )
    draw_method = models.CharField(
        _("draw method"), max_length=12, choices=DrawMethod.choices, blank=True
    )
    draw_seed = models.BigIntegerField(_("draw seed"), null=True, blank=True)
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True)
    draw_published_at = models.DateTimeField(_("draw published at"), null=True, blank=True)
    results_published_at = models.DateTimeField(_("results published at"), null=True, blank=True)

    class Meta:
        ordering = ["season", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.season.slug} #{self.number}"

    @property
    def draw_is_public(self) -> bool:
        """Whether anyone may see this round's draw (tables, seats, seed, reserves, method).

        The one rule for every public surface: a draw is private to the league's organizers
        until it is published, whatever the round's status.
        """
        return self.draw_published_at is not None

    @staticmethod
    def draw_public_q(path: str = "") -> Q:
        """`draw_is_public` as a query condition; `path` leads to the round (e.g. "round__")."""
        return Q(**{f"{path}draw_published_at__isnull": False})


class Registration(models.Model):
    """A player's registration for a round."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="registrations", verbose_name=_("round")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="registrations", verbose_name=_("player")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["round", "created_at", "id"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="registration_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.round}"


class Table(models.Model):
    """A drawn table of a round (table 1 first)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    # The organizer marked the table as not played (it never sat down): the round can be
    # finished and its results published without it.
    not_played = models.BooleanField(_("not played"), default=False)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class Seat(models.Model):
    """A player seated at a table; seats 0..3 clockwise; a player sits once per round."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    # Denormalised from table.round so the database can enforce "once per round".
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player")
    )

    class Meta:
        ordering = ["table", "seat"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="seat_unique_at_table"),
            models.UniqueConstraint(fields=["round", "player"], name="player_sits_once_per_round"),
            models.CheckConstraint(
                condition=Q(seat__gte=0, seat__lte=3), name="seat_number_0_to_3"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.table} seat {self.seat}"


class DrawRecord(models.Model):
    """One draw of a round as it was made, kept for good: a redraw adds a record and marks
    the earlier ones superseded, so the public history shows every draw and its reason.

    `starting_list` is the list the recipe started from: [{"player": name}] sorted by name
    for a random draw; for a ranking draw the ranked players in ranking order with their
    "rank", "points", "gap" and "games" at the time, then the unranked with rank null.
    `tables` ([[name, ...], ...] by seat) and `reserves` ([name, ...]) are the draw as made
    from the seed, before any change.

    `server_check` is a tournament stage's check, made by the organizer's actions and only
    read by its draw-check page (league.stage_check): {"seed": whether the draw is what
    its list and earlier tables give, "standing": whether that list is still the standing
    and earlier tables now, "seats": whether the seats now are the draw with its changes};
    empty for other draws (the browser redoes them) and a value null while not known.
    """

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="draw_records", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    method = models.CharField(_("draw method"), max_length=12, blank=True)
    recipe = models.CharField(_("recipe"), max_length=20)
    remainder = models.CharField(_("remainder rule"), max_length=20, default="reserve")
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    starting_list = models.JSONField(_("starting list"), default=list)
    tables = models.JSONField(_("tables"), default=list)
    reserves = models.JSONField(_("reserves"), default=list)
    drawn_at = models.DateTimeField(_("drawn at"))
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.TextField(_("reason"), blank=True)
    superseded = models.BooleanField(_("superseded"), default=False)
    server_check = models.JSONField(_("server check"), default=dict, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("draw record")
        verbose_name_plural = _("draw records")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="draw_record_number_unique"),
            models.UniqueConstraint(
                fields=["round"],
                condition=Q(superseded=False),
                name="one_current_draw_record_per_round",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} draw {self.number}"


class DrawChange(models.Model):
    """A change an organizer made to a draw after it was made, with the reason given.

    `players` names the players involved ([first, second] of a swap; [reserve, replaced]
    when a reserve comes in) and `tables` their table numbers before the change, null for a
    reserve.
    """

    class Kind(models.TextChoices):
        SWAP = "swap", _("swap")
        RESERVE_IN = "reserve_in", _("reserve brought in")

    record = models.ForeignKey(
        DrawRecord, on_delete=models.CASCADE, related_name="changes", verbose_name=_("draw")
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    players = models.JSONField(_("players"), default=list)
    tables = models.JSONField(_("tables"), default=list)
    reason = models.TextField(_("reason"))
    at = models.DateTimeField(_("at"))
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["record", "at", "id"]
        verbose_name = _("draw change")
        verbose_name_plural = _("draw changes")

    def __str__(self) -> str:
        return f"{self.record}: {self.kind} {', '.join(self.players)}"
