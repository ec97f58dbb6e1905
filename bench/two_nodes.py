"""Two web nodes, one snapshot: both gunicorn instances answer the same public pages.

Starts two gunicorn instances (two ports, 2 workers each, DEBUG off) on one PostgreSQL
database and one Redis page cache (`--redis`, default redis://127.0.0.1:6379/13), publishes
a season, checks that both answer every public page with the same status, ETag and bytes,
then renames a player (a forced publish, in this process) and checks that both show the new
name at once: the generation bump reaches every node through the shared cache.

    .venv/bin/python bench/two_nodes.py [--redis redis://127.0.0.1:6379/13]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.support import database_url, scratch, server_env, setup_django, start_gunicorn


def fetch(base: str, path: str) -> tuple[int, str, str, bytes]:
    """(status, ETag, sha256 of the body, body) of an anonymous GET."""
    with urllib.request.urlopen(base + path, timeout=10) as response:
        body = response.read()
        etag = response.headers.get("ETag") or "-"
        return response.status, etag, hashlib.sha256(body).hexdigest()[:12], body


def compare(nodes: list[str], paths: list[str], expect: bytes | None = None) -> bool:
    """Print one row per page and node; True when every node answers every page alike."""
    same = True
    for path in paths:
        answers = [fetch(base, path) for base in nodes]
        for base, (status, etag, digest, body) in zip(nodes, answers, strict=True):
            shown = "" if expect is None else ("yes" if expect in body else "NO")
            print(f"{path:<40} {base:<24} {status:>6} {etag:<36} {digest:<13} {shown}")
        alike = len({answer[:3] for answer in answers}) == 1
        same = same and alike and (expect is None or all(expect in a[3] for a in answers))
    return same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="whist_bench_two_nodes")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/13")
    args = parser.parse_args()

    url = database_url(args.database, fresh=True)
    setup_django(url, CACHE_URL=args.redis)
    import redis

    from bench.bench_pages import SEASON, build_season
    from league.models import Player

    redis.Redis.from_url(args.redis).flushdb()
    build_season(40, 6)
    player = Player.objects.order_by("name").first()
    assert player is not None
    paths = [
        "/",
        f"/seasons/{SEASON}/",
        f"/seasons/{SEASON}/rounds/1/",
        f"/players/{player.slug}/",
    ]
    with scratch() as logs:
        env = server_env(url, CACHE_URL=args.redis)
        first, base_1 = start_gunicorn(env, logs)
        second, base_2 = start_gunicorn(env, logs)
        nodes = [base_1, base_2]
        try:
            print(f"{'page':<40} {'node':<24} {'status':>6} {'ETag':<36} {'sha256':<13} shown")
            before = compare(nodes, paths)
            player.name = f"{player.name} Renamed"
            player.save()  # a forced publish (eager here) and a generation bump in Redis
            print()
            after = compare(nodes, paths[1:], expect=player.name.encode())
        finally:
            first.stop()
            second.stop()
    print(f"\nsame snapshot on both nodes: before the change {before}, after it {after}")
    if not (before and after):
        sys.exit(1)


if __name__ == "__main__":
    main()
