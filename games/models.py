"""Games and their per-seat results: what the standings and ratings are computed from."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from league.models import Player, Round, Season, Table
from league.worst_first import index_fields


class Game(models.Model):
    """One game (a fixed number of deals) at a table, or a dated rated game in open play."""

    class Status(models.TextChoices):
        PENDING = "pending", _("awaiting confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")

    class Source(models.TextChoices):
        IMPORT = "import", _("imported")
        ENTRY = "entry", _("entered by players")
        ORGANIZER = "organizer", _("entered by an organizer")
        API = "api", _("submitted by a platform")

    season = models.ForeignKey(
        Season,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=_("season"),
    )
    round = models.ForeignKey(
        Round,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=_("round"),
    )
    table = models.OneToOneField(
        Table,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="game",
        verbose_name=_("table"),
    )
    date = models.DateField(_("date"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.CONFIRMED
    )
    source = models.CharField(_("source"), max_length=10, choices=Source.choices)
    rated = models.BooleanField(_("rated"), default=True)
    deals = models.JSONField(_("deal records"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["date", "id"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.CheckConstraint(
                condition=Q(table__isnull=True) | Q(round__isnull=False),
                name="game_at_table_has_round",
            ),
        ]
        indexes = [
            models.Index(fields=["season", "status"], name="game_season_status"),
            models.Index(fields=["date", "id"], name="game_played_order"),
        ]

    def __str__(self) -> str:
        return f"game {self.pk} ({self.date})"


class GameResult(models.Model):
    """A player's final game score at one seat of a game."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="results", verbose_name=_("game")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="results", verbose_name=_("player")
    )
    score = models.IntegerField(_("score"))
    # Facts copied from the game when the results are written (games.facts), so the standings
    # of very large seasons are read off one index without comparing the seats of each game.
    season = models.ForeignKey(
        Season, null=True, on_delete=models.CASCADE, related_name="+", editable=False
    )
    played = models.DateField(_("played on"), null=True, editable=False)
    round_number = models.PositiveSmallIntegerField(
        _("round number"), default=0, editable=False, help_text=_("0 when the game has no round")
    )
    # Only for a game of 3 or 4 players (the standings count no other): empty otherwise.
    place = models.PositiveSmallIntegerField(_("place"), null=True, editable=False)
    tied = models.PositiveSmallIntegerField(
        _("players sharing the place"), null=True, editable=False
    )
    gap = models.IntegerField(
        _("gap from the table average, in twelfths"), null=True, editable=False
    )

    class Meta:
        ordering = ["game", "seat"]
        verbose_name = _("game result")
        verbose_name_plural = _("game results")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="result_seat_unique"),
            models.UniqueConstraint(fields=["game", "player"], name="result_player_once"),
            models.CheckConstraint(
                condition=Q(seat__gte=0, seat__lte=3), name="result_seat_0_to_3"
            ),
            models.CheckConstraint(
                condition=Q(place__isnull=True, tied__isnull=True, gap__isnull=True)
                | Q(place__gte=1, tied__gte=1, place__lte=5 - F("tied"), gap__isnull=False),
                name="result_facts_in_range",
            ),
        ]
        indexes = [
            # A player's results of a season in the order the drop rule reads them (one
            # definition in league.worst_first: changing it needs a migration of this index).
            models.Index(fields=index_fields(), name="result_standing_order"),
            # The results of a season by date, for the games a final period counts
            # (standings.sql reads the players' other totals off standings.tally).
            models.Index(
                fields=["season", "played", "player", "game"],
                name="result_played_order",
                condition=Q(place__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.score}"


class SeatLink(models.Model):
    """A private link to one seat of one drawn table: its holder enters and confirms the
    table's result as that seat's player, without an account (games.seat_links).

    In a tournament the link is the player's for the whole evening (`table` is empty): it
    opens his table in the latest stage whose draw is published, or at the final table;
    `round` is the stage it was made at.

    Only the SHA-256 of the token is stored, with the random nonce it is signed from
    (the token is an HMAC of the nonce under the site's secret key, so the organizer's page
    can show the link again while a copy of the database alone cannot).
    """

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="seat_links", verbose_name=_("season")
    )
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="seat_links", verbose_name=_("round")
    )
    table = models.ForeignKey(
        Table,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="seat_links",
        verbose_name=_("table"),
        help_text=_("Empty for a tournament's link, which serves the whole evening."),
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="seat_links", verbose_name=_("player")
    )
    nonce = models.CharField(max_length=32, editable=False)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("created by"),
    )
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        ordering = ["table", "id"]
        verbose_name = _("private seat link")
        verbose_name_plural = _("private seat links")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "player"],
                condition=Q(revoked_at__isnull=True),
                name="one_live_seat_link",
            ),
            models.UniqueConstraint(
                fields=["season", "player"],
                condition=Q(revoked_at__isnull=True, table__isnull=True),
                name="one_live_evening_link",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table or self.season}: link of {self.player}"

    @property
    def whole_evening(self) -> bool:
        """A tournament's link: it follows the player from stage to stage."""
        return self.table_id is None


class ResultVersion(models.Model):
    """One entered version of a table's result; versions are never edited or deleted.

    The current version of a table is the one not superseded; the database allows at most
    one per table (a partial unique constraint), whatever happens concurrently.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("awaiting confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")
        SUPERSEDED = "superseded", _("superseded")

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="result_versions", verbose_name=_("table")
    )
    number = models.PositiveIntegerField(_("version"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    scores = models.JSONField(_("scores by seat"))
    deals = models.JSONField(_("deal records"), null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("entered by"),
    )
    by_organizer = models.BooleanField(_("entered by an organizer"), default=False)
    # The seat's player who entered it (signed in or with his private link), so he cannot
    # confirm it either way; empty for organizers' versions and older rows.
    entered_player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("entered by the player"),
    )
    note = models.CharField(_("note"), max_length=300, blank=True)
    # A correction's changed deals (numbers from 1) against the version it replaced (number
    # - 1); empty for a first version and where either version has no deal sheet.
    changed_deals = models.JSONField(_("changed deals"), null=True, blank=True)
    created_at = models.DateTimeField(_("entered at"), auto_now_add=True)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("result version")
        verbose_name_plural = _("result versions")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="result_version_number"),
            models.UniqueConstraint(
                fields=["table"],
                condition=~Q(status="superseded"),
                name="one_current_result_per_table",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="result_version_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.table} v{self.number} ({self.status})"


class ResultEvent(models.Model):
    """What happened to a result version, by whom and when (the table's history)."""

    class Action(models.TextChoices):
        SUBMITTED = "submitted", _("entered")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")
        SUPERSEDED = "superseded", _("replaced by a newer version")
        EDITED = "edited", _("edited by an organizer")

    version = models.ForeignKey(
        ResultVersion, on_delete=models.CASCADE, related_name="events", verbose_name=_("version")
    )
    action = models.CharField(_("action"), max_length=10, choices=Action.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("by"),
    )
    via = models.ForeignKey(
        SeatLink,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="events",
        verbose_name=_("with the private link"),
    )
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("result event")
        verbose_name_plural = _("result events")

    def __str__(self) -> str:
        return f"{self.version}: {self.action}"

    @property
    def actor_name(self) -> str:
        """The account that acted, as the league knows it: its player's name, else (an
        account with no player, an organizer) its own; "" for none (a private link)."""
        if self.actor is None:
            return ""
        player = getattr(self.actor, "player", None)  # None when the account has no player
        return player.name if player is not None else self.actor.get_username()


class SheetDraft(models.Model):
    """A player's unfinished deal sheet for his table, saved as he types; never a result.

    `data` is the sheet's form fields as the page sends them (games.drafts checks the
    shape only); submitting the sheet deletes the submitter's draft.
    """

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="sheet_drafts", verbose_name=_("table")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="sheet_drafts", verbose_name=_("player")
    )
    data = models.JSONField(_("draft"))
    updated_at = models.DateTimeField(_("saved at"), auto_now=True)

    class Meta:
        verbose_name = _("sheet draft")
        verbose_name_plural = _("sheet drafts")
        constraints = [
            models.UniqueConstraint(fields=["table", "player"], name="one_sheet_draft_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.table}: draft of {self.player}"
