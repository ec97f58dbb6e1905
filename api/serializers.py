"""Request shapes of the write endpoints and the JSON of every object the API shows."""

from __future__ import annotations

from typing import Any, get_args

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.fields import (
    JsonObjectField,
    SlugReferenceField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
)
from games.models import Game
from games.sheets import SCORE_LIMIT
from league.models import League, Player, Round, Season
from league.race import Race
from scoring import placements

NAME_MAX = Player._meta.get_field("name").max_length or 80
EXTERNAL_ID_MAX = 100


class ErrorSerializer(serializers.Serializer[Any]):
    """One error: a stable code, where (`record.deals[3].contracts[1]`) and a sentence."""

    code = serializers.CharField()
    path = serializers.CharField(allow_blank=True)
    message = serializers.CharField()


class ErrorListSerializer(serializers.Serializer[Any]):
    """Every error body of the API."""

    # A declared field: DRF's metaclass moves it off the class, so it hides no `errors`.
    errors = ErrorSerializer(many=True)  # type: ignore[assignment]  # see above


class PlayerRefSerializer(serializers.Serializer[Any]):
    """A player by the platform's id, by name, or both (the first time an id is seen)."""

    id = StrictCharField(
        required=False,
        min_length=1,
        max_length=EXTERNAL_ID_MAX,
        help_text="The platform's id of the player; sent with `name` once, then alone.",
    )
    name = StrictCharField(
        required=False,
        min_length=1,
        max_length=NAME_MAX,
        help_text="The player's name in the league; a new name creates the player.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs.get("id") and not attrs.get("name"):
            raise serializers.ValidationError("Give the player's platform `id` or `name`.")
        return attrs


class GameSubmissionSerializer(serializers.Serializer[Any]):
    """A finished game from a platform: its scores by seat, a full game record (FORMATS.md 2),
    or both; four players, or three at a league's table of three."""

    game_id = StrictCharField(
        min_length=1,
        max_length=EXTERNAL_ID_MAX,
        help_text="The platform's id of this game: resending it is safe (idempotent).",
    )
    season = SlugReferenceField(required=False, help_text="The season's slug.")
    league = SlugReferenceField(
        required=False,
        help_text="The league's slug: the game goes to its season running on `date`.",
    )
    round = StrictIntegerField(
        required=False,
        min_value=1,
        max_value=1000,
        help_text="Round number (scheduled-rounds seasons; default: the round on `date`).",
    )
    date = serializers.DateField(help_text="The day the game was played (YYYY-MM-DD).")
    players = serializers.ListField(
        child=PlayerRefSerializer(),
        required=False,
        min_length=3,
        max_length=4,
        help_text="The four players by seat 0..3, or three at a table of three (default: the "
        "record's `players`).",
    )
    scores = serializers.ListField(
        child=StrictIntegerField(min_value=-SCORE_LIMIT, max_value=SCORE_LIMIT),
        required=False,
        min_length=3,
        max_length=4,
        help_text="The game scores by seat, one for each player.",
    )
    record = JsonObjectField(
        required=False,
        help_text="A FORMATS.md 2 game record, validated and scored by the league's rules.",
    )
    rated = StrictBooleanField(
        required=False, default=True, help_text="Whether the game counts for the skill rating."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "scores" not in attrs and "record" not in attrs:
            raise serializers.ValidationError("Send the four `scores` or the game `record`.")
        if "season" not in attrs and "league" not in attrs:
            raise serializers.ValidationError("Name the `season` or the `league` of the game.")
        if "players" not in attrs and not _has_four_names(attrs.get("record")):
            raise serializers.ValidationError(
                {"players": "Send the four players by seat (or the record's `players`)."}
            )
        return attrs


def _has_four_names(record: object) -> bool:
    """True if a game record names its four players, or three (FORMATS.md 2 `players`)."""
    players = record.get("players") if isinstance(record, dict) else None
    return (
        isinstance(players, list)
        and len(players) in (3, 4)
        and all(isinstance(p, str) and p.strip() and len(p) <= NAME_MAX for p in players)
    )


class RegistrationRequestSerializer(serializers.Serializer[Any]):
    """Players to register for a round, by platform id or name."""

    players = serializers.ListField(child=PlayerRefSerializer(), min_length=1, max_length=200)


class DrawRequestSerializer(serializers.Serializer[Any]):
    """Draw a round: by the league's rule; a seed makes a random draw reproducible."""

    seed = StrictIntegerField(required=False, min_value=0, max_value=2**63 - 1)
    redraw = StrictBooleanField(required=False, default=False)
    reason = StrictCharField(
        required=False,
        default="",
        allow_blank=True,
        max_length=300,
        help_text="Why the round is drawn again: required with redraw; shown publicly once "
        "the draw is published.",
    )
    publish = StrictBooleanField(
        required=False, default=False, help_text="Publish the draw now (default: on schedule)."
    )


class LeagueSerializer(serializers.ModelSerializer[League]):
    """A league."""

    class Meta:
        model = League
        fields = ["slug", "name", "timezone"]


class SeasonSerializer(serializers.ModelSerializer[Season]):
    """A season and its stored rules."""

    league: serializers.SlugRelatedField[League] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    preset = serializers.CharField(source="rules_preset", read_only=True)

    class Meta:
        model = Season
        fields = ["slug", "name", "league", "preset", "rules", "start", "end", "status"]


class FinalTableSerializer(serializers.Serializer[Any]):
    """A player's result at a tournament's final table (RULES.md 3.4)."""

    place = serializers.IntegerField(help_text="The place 1-4 the final table decided.")
    points = serializers.IntegerField(help_text="The final table's points for that place.")
    score = serializers.IntegerField(help_text="His score in the final table's game.")


class StandingRowSerializer(serializers.Serializer[Any]):
    """A standings row as published (FORMATS.md 5, plus the player's slug)."""

    rank = serializers.IntegerField(allow_null=True)
    player = serializers.CharField()
    player_slug = serializers.CharField()
    points = serializers.FloatField()
    gap = serializers.FloatField()
    games = serializers.IntegerField()
    counted = serializers.IntegerField()
    dropped = serializers.IntegerField()
    eligible = serializers.BooleanField()
    podium_eligible = serializers.BooleanField()
    final_table = FinalTableSerializer(
        required=False, help_text="Only with final=true, for a tournament's final table."
    )
    max_points = serializers.FloatField(
        allow_null=True,
        required=False,
        help_text="In-season: the league points (after drops) he finishes with by winning "
        "every remaining round alone (RULES.md 3.1); null for rated open play and tournaments.",
    )
    race = serializers.ChoiceField(
        choices=list(get_args(Race)),
        allow_null=True,
        required=False,
        help_text="In-season: a final place 1-3 clinched, open or out of reach (RULES.md 3.1); "
        "null for rated open play and tournaments.",
    )


class StandingsSerializer(serializers.Serializer[Any]):
    """A season's standings as last published; `published_at` is null before the first."""

    season = serializers.CharField()
    final = serializers.BooleanField()
    published_at = serializers.DateTimeField(allow_null=True)
    standings = StandingRowSerializer(many=True)


class RatingRowSerializer(serializers.Serializer[Any]):
    """A line of the published rating list (RULES.md 3.3)."""

    rank = serializers.IntegerField()
    player = serializers.CharField()
    player_slug = serializers.CharField()
    rating = serializers.FloatField(help_text="To one decimal.")
    games = serializers.IntegerField(help_text="Rated games played.")
    change = serializers.FloatField(help_text="Change over the last `formula.days` days.")
    reached = serializers.ListField(
        child=serializers.DateField(allow_null=True),
        help_text="The date each threshold (same order as `thresholds`) was first reached.",
    )


class RatingFormulaSerializer(serializers.Serializer[Any]):
    """The rating's constants: K, the starting rating, the change column's days."""

    k = serializers.FloatField()
    start = serializers.FloatField()
    days = serializers.IntegerField()


class RatingListSerializer(serializers.Serializer[Any]):
    """The rating list as last published; `published_at` is null before the first."""

    published_at = serializers.DateTimeField(allow_null=True)
    as_of = serializers.DateField(allow_null=True)
    thresholds = serializers.ListField(child=serializers.IntegerField())
    formula = RatingFormulaSerializer(allow_null=True)
    ratings = RatingRowSerializer(many=True)


class PlayerSerializer(serializers.ModelSerializer[Player]):
    """A player."""

    class Meta:
        model = Player
        fields = ["slug", "name"]


class ResultSerializer(serializers.Serializer[Any]):
    """A seat's result in a game; placement 1 is best, tied players share the better place."""

    seat = serializers.IntegerField()
    player = PlayerSerializer()
    score = serializers.IntegerField()
    placement = serializers.IntegerField()


class GameSerializer(serializers.ModelSerializer[Game]):
    """A game with its results by seat (expects `season__league`, `round`, `table`, results)."""

    season = serializers.SerializerMethodField()
    league = serializers.SerializerMethodField()
    round = serializers.SerializerMethodField()
    table = serializers.SerializerMethodField()
    results = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = [
            "id",
            "season",
            "league",
            "round",
            "table",
            "date",
            "status",
            "source",
            "rated",
            "results",
        ]

    def get_season(self, game: Game) -> str | None:
        return game.season.slug if game.season else None

    def get_league(self, game: Game) -> str | None:
        return game.season.league.slug if game.season else None

    def get_round(self, game: Game) -> int | None:
        return game.round.number if game.round else None

    def get_table(self, game: Game) -> int | None:
        return game.table.number if game.table else None

    @extend_schema_field(ResultSerializer(many=True))
    def get_results(self, game: Game) -> list[dict[str, Any]]:
        results = sorted(game.results.all(), key=lambda r: r.seat)
        places = placements([r.score for r in results])
        return [
            {
                "seat": r.seat,
                "player": {"slug": r.player.slug, "name": r.player.name},
                "score": r.score,
                "placement": place,
            }
            for r, place in zip(results, places, strict=True)
        ]


class GameDetailSerializer(GameSerializer):
    """A game with its deal records, when it was entered deal by deal."""

    class Meta(GameSerializer.Meta):
        fields = [*GameSerializer.Meta.fields, "deals"]


class SeatSerializer(serializers.Serializer[Any]):
    """A player at a seat of a drawn table."""

    seat = serializers.IntegerField()
    slug = serializers.CharField()
    name = serializers.CharField()


class TableSerializer(serializers.Serializer[Any]):
    """A drawn table, table 1 first."""

    table = serializers.IntegerField()
    players = SeatSerializer(many=True)


class DrawSerializer(serializers.Serializer[Any]):
    """A round's draw: method, the published seed of a random draw, tables and reserves."""

    method = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)
    drawn_at = serializers.DateTimeField(allow_null=True)
    published_at = serializers.DateTimeField(allow_null=True)
    tables = TableSerializer(many=True)
    reserves = PlayerSerializer(many=True)


class RoundSerializer(serializers.ModelSerializer[Round]):
    """A round with its registrations and its draw (tables by seat, reserves, seed).

    The draw is null until it is published, except for the league's organizer tokens.
    """

    registered = serializers.SerializerMethodField()
    draw = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["number", "date", "status", "registered", "draw"]

    @extend_schema_field(PlayerSerializer(many=True))
    def get_registered(self, round_: Round) -> list[dict[str, str]]:
        return [{"slug": r.player.slug, "name": r.player.name} for r in round_.registrations.all()]

    @extend_schema_field(DrawSerializer(allow_null=True))
    def get_draw(self, round_: Round) -> dict[str, Any] | None:
        """The draw once published (`unpublished_draws` in the context: at once)."""
        if not round_.draw_is_public and not self.context.get("unpublished_draws"):
            return None
        tables = sorted(round_.tables.all(), key=lambda t: t.number)
        if not tables:
            return None
        seated = {s.player_id for t in tables for s in t.seats.all()}
        return {
            "method": round_.draw_method,
            "seed": round_.draw_seed,
            "drawn_at": round_.drawn_at,
            "published_at": round_.draw_published_at,
            "tables": [
                {
                    "table": t.number,
                    "players": [
                        {"seat": s.seat, "slug": s.player.slug, "name": s.player.name}
                        for s in sorted(t.seats.all(), key=lambda s: s.seat)
                    ],
                }
                for t in tables
            ],
            "reserves": [
                {"slug": r.player.slug, "name": r.player.name}
                for r in round_.registrations.all()
                if r.player_id not in seated
            ],
        }
