"""Run a management command in-process the way `manage.py` runs it, for the bad-input tests."""

from __future__ import annotations

import io

from django.core.management import load_command_class
from django.core.management.base import CommandError, OutputWrapper

COMMANDS = {
    "register": "league",
    "draw": "draws",
    "standings": "standings",
    "import_season": "games",
    "score_deals": "games",
    "publish": "rating",
    "recompute_ratings": "rating",
    "create_api_token": "api",
    "revoke_api_token": "api",
}


def run(name: str, argv: list[str]) -> tuple[int, str]:
    """Run `manage.py NAME ARGV...` as the command line does (usage errors exit 2, a
    CommandError prints its message and exits with its code), keeping the test's database
    connection open; returns (exit code, stderr)."""
    command = load_command_class(COMMANDS[name], name)
    err = io.StringIO()
    command.stdout, command.stderr = OutputWrapper(io.StringIO()), OutputWrapper(err)
    command._called_from_command_line = True
    try:
        options = vars(command.create_parser("manage.py", name).parse_args(argv))
    except SystemExit as exit_:
        return int(exit_.code or 0), err.getvalue()
    args = options.pop("args", ())
    try:
        command.execute(*args, **{**options, "skip_checks": True})
    except CommandError as error:
        command.stderr.write(f"CommandError: {error}")
        return error.returncode, err.getvalue()
    except SystemExit as exit_:  # commands whose exit code is their contract (score_deals)
        return int(exit_.code or 0), err.getvalue()
    return 0, err.getvalue()
