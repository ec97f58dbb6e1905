"""The results' tally (standings.tally), kept by the database itself: PostgreSQL only.

A table of counts by (season, player, round number, place, players sharing it) with their
gaps summed, and statement-level triggers on the results table that add each statement's
inserted rows and take away its deleted ones (an update: both), so every writer keeps it, in
the writer's own transaction. The SQL is written out here, as it was when this migration was
made (a migration is history); standings.tally reads the table and can count it again.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

KEY = "season_id, player_id, round_number, place, tied"

# The rows of a transition table that count: a season's results of 3- and 4-player games.
COUNTED = "season_id IS NOT NULL AND place IS NOT NULL"


def _add(rows: str, sign: str) -> str:
    """SELECT of `rows`' counts and gaps by key, with `sign` ('' or '-')."""
    return f"SELECT {KEY}, {sign}COUNT(*) AS games, {sign}SUM(gap) AS gap FROM {rows} WHERE {COUNTED} GROUP BY {KEY}"


def _upsert(changes: str) -> str:
    """Add `changes` (a SELECT of key, games, gap; one row per key) to the tally, in key
    order (so two writers lock the rows they share in the same order)."""
    return f"""
        INSERT INTO standings_result_tally AS t ({KEY}, games, gap)
        SELECT * FROM ({changes}) c ORDER BY {KEY}
        ON CONFLICT ({KEY})
        DO UPDATE SET games = t.games + EXCLUDED.games, gap = t.gap + EXCLUDED.gap;
    """


EMPTIED = f"""
    DELETE FROM standings_result_tally t
    USING (SELECT DISTINCT season_id, player_id FROM old_results WHERE {COUNTED}) o
    WHERE t.season_id = o.season_id AND t.player_id = o.player_id AND t.games = 0;
"""

BOTH = f"""
    SELECT {KEY}, SUM(games) AS games, SUM(gap) AS gap
    FROM ({_add("new_results", "")} UNION ALL {_add("old_results", "-")}) d
    GROUP BY {KEY} HAVING SUM(games) <> 0 OR SUM(gap) <> 0
"""

INSTALL = [
    f"""
    CREATE TABLE standings_result_tally (
        season_id bigint NOT NULL,
        player_id bigint NOT NULL,
        round_number integer NOT NULL,
        place smallint NOT NULL,
        tied smallint NOT NULL,
        games integer NOT NULL,
        gap bigint NOT NULL,
        PRIMARY KEY ({KEY})
    )
    """,
    f"""
    CREATE FUNCTION standings_keep_result_tally() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'TRUNCATE' THEN
            DELETE FROM standings_result_tally;
        ELSIF TG_OP = 'INSERT' THEN
            {_upsert(_add("new_results", ""))}
        ELSIF TG_OP = 'DELETE' THEN
            {_upsert(_add("old_results", "-"))}
            {EMPTIED}
        ELSE
            {_upsert(BOTH)}
            {EMPTIED}
        END IF;
        RETURN NULL;
    END
    $$
    """,
    """
    CREATE TRIGGER standings_tally_inserted AFTER INSERT ON games_gameresult
    REFERENCING NEW TABLE AS new_results
    FOR EACH STATEMENT EXECUTE FUNCTION standings_keep_result_tally()
    """,
    """
    CREATE TRIGGER standings_tally_updated AFTER UPDATE ON games_gameresult
    REFERENCING OLD TABLE AS old_results NEW TABLE AS new_results
    FOR EACH STATEMENT EXECUTE FUNCTION standings_keep_result_tally()
    """,
    """
    CREATE TRIGGER standings_tally_deleted AFTER DELETE ON games_gameresult
    REFERENCING OLD TABLE AS old_results
    FOR EACH STATEMENT EXECUTE FUNCTION standings_keep_result_tally()
    """,
    """
    CREATE TRIGGER standings_tally_truncated AFTER TRUNCATE ON games_gameresult
    FOR EACH STATEMENT EXECUTE FUNCTION standings_keep_result_tally()
    """,
    f"""
    INSERT INTO standings_result_tally ({KEY}, games, gap)
    {_add("games_gameresult", "")}
    """,
]

UNINSTALL = [
    "DROP TRIGGER IF EXISTS standings_tally_inserted ON games_gameresult",
    "DROP TRIGGER IF EXISTS standings_tally_updated ON games_gameresult",
    "DROP TRIGGER IF EXISTS standings_tally_deleted ON games_gameresult",
    "DROP TRIGGER IF EXISTS standings_tally_truncated ON games_gameresult",
    "DROP FUNCTION IF EXISTS standings_keep_result_tally()",
    "DROP TABLE IF EXISTS standings_result_tally",
]


def _run(statements: list[str]) -> Any:
    def run(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return  # other databases count the results each time (standings.sql)
        for statement in statements:
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("games", "0005_seat_links")]

    operations = [migrations.RunPython(_run(INSTALL), _run(UNINSTALL), elidable=False)]
