"""gunicorn settings that profile every worker with cProfile: the project's settings plus two
hooks. Each worker's profile goes to $PROFILE_DIR/worker-PID.prof when it exits.

    gunicorn config.wsgi -c bench/gunicorn_profile.py   (bench/load_results.py --profile)
"""

import cProfile
import os
from pathlib import Path
from typing import Any

_settings = Path(__file__).resolve().parents[1] / "config" / "gunicorn.conf.py"
exec(compile(_settings.read_text(), str(_settings), "exec"))  # the production settings

_profiles: dict[int, cProfile.Profile] = {}


def post_fork(server: Any, worker: Any) -> None:
    profile = _profiles[os.getpid()] = cProfile.Profile()
    profile.enable()


def worker_exit(server: Any, worker: Any) -> None:
    profile = _profiles.pop(os.getpid(), None)
    if profile is not None:
        profile.disable()
        folder = Path(os.environ.get("PROFILE_DIR", "."))
        profile.dump_stats(str(folder / f"worker-{os.getpid()}.prof"))
