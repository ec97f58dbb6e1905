"""gunicorn's logger, with private link tokens hidden (config/gunicorn.conf.py names it)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from gunicorn.glogging import Logger

from config.log_records import hide_links, install


class PrivateLinksLogger(Logger):  # type: ignore[misc]  # gunicorn ships no types
    """The access log with every field (request line, path, query, referer, headers) free of
    private link tokens; the error log's records are made by config.log_records' factory."""

    def __init__(self, cfg: Any) -> None:
        install()
        super().__init__(cfg)

    def atoms(
        self, resp: Any, req: Any, environ: dict[str, Any], request_time: dt.timedelta
    ) -> Any:
        found: dict[str, Any] = super().atoms(resp, req, environ, request_time)
        return {
            name: hide_links(value) if isinstance(value, str) else value
            for name, value in found.items()
        }
