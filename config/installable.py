"""The site as a phone app: the web manifest and the service worker (issue 31 item 5).

`/manifest.webmanifest` names the app in the visitor's language (its `lang` and `dir`),
its icons (static/web/icons/, drawn by scripts/make_icons.py) and colours (site.css's
accent and paper), and opens on `/me/`. `/sw.js` is static/web/sw.js served at the root,
so its scope is the whole site, with what it cannot know itself in front: the build (a
new build is a new worker) and the offline page's sentences in every language of the
site. Both are asked for again on every visit (`no-cache`): a fixed worker reaches
phones at once, and the manifest never names the icons of an earlier build. What the
worker keeps is config/offline.py's to decide.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from config.offline import OFFLINE_STORE_HEADER

THEME_COLOUR = "#0b5d3b"  # site.css --accent, the header's green
BACKGROUND_COLOUR = "#fbfaf7"  # site.css --paper
START_URL = "/me/"
ICONS = (
    ("web/icons/icon-192.png", "192x192", "any"),
    ("web/icons/icon-512.png", "512x512", "any"),
    ("web/icons/icon-maskable-512.png", "512x512", "maskable"),
)
# The worker's own offline page: its stylesheet, no script at all.
OFFLINE_PAGE_POLICY = (
    "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
WORKER_FILE = Path(settings.BASE_DIR) / "static" / "web" / "sw.js"


@require_safe
def web_manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest, in the request's language (W3C Web Application Manifest)."""
    manifest = {
        "id": START_URL,
        "name": _("Whist League"),
        "short_name": _("Whist"),
        "description": _("The Israeli Whist club's leagues, their seasons, results and players."),
        "lang": translation.get_language(),
        "dir": "rtl" if translation.get_language_bidi() else "ltr",
        "start_url": START_URL,
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    response = JsonResponse(
        manifest,
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )
    # Asked again each time: its icons' hashed names change with a build.
    response["Cache-Control"] = "no-cache"
    return response


def offline_texts() -> dict[str, dict[str, str]]:
    """The offline page's words in each language of the site, for the worker to show."""
    texts = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            texts[code] = {
                "dir": "rtl" if translation.get_language_bidi() else "ltr",
                "site": _("Whist League"),
                "title": _("No connection"),
                "message": _(
                    "This page was not kept on this phone. Your own page and your table's "
                    "deal sheet, once opened, work without the network."
                ),
                "retry": _("Try again"),
                "mine": _("My rounds"),
            }
    return texts


@cache
def _worker_source() -> str:
    return WORKER_FILE.read_text(encoding="utf-8")


def worker_script() -> str:
    """static/web/sw.js with its settings in front (`self.WHIST_WORKER`)."""
    options = {
        "build": settings.BUILD_ID,
        "header": OFFLINE_STORE_HEADER,
        "mine": START_URL,
        "style": static("web/site.css"),
        "policy": OFFLINE_PAGE_POLICY,
        "languages": offline_texts(),
        "fallback": settings.LANGUAGE_CODE,
    }
    prelude = f"self.WHIST_WORKER = {json.dumps(options, ensure_ascii=False)};\n"
    return prelude + _worker_source()


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js: the service worker, its scope the whole site, never kept stale."""
    response = HttpResponse(worker_script(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response
