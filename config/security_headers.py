"""The Content-Security-Policy and Permissions-Policy headers of every response.

django-csp sends the policy of settings.CONTENT_SECURITY_POLICY: only our own scripts and
styles, no inline script or style. The API's documentation pages (Swagger UI, Redoc, from
drf-spectacular-sidecar) are the one exception: their page templates carry a small inline
script (templates/drf_spectacular/ gives it the request's nonce) and their libraries style
the page from script, so on those paths only, scripts may also run with the nonce, styles
may be inline, and Redoc may start its search worker from a blob.
"""

from __future__ import annotations

from typing import Any

from csp.constants import NONCE, SELF, UNSAFE_INLINE
from csp.middleware import CSPMiddleware, PolicyParts
from django.http import HttpRequest, HttpResponseBase

API_DOCS_PATHS = ("/api/docs/", "/api/redoc/")
API_DOCS_POLICY: dict[str, Any] = {
    "script-src": [SELF, NONCE],
    "style-src": [SELF, UNSAFE_INLINE],
    "worker-src": [SELF, "blob:"],
}

# No page uses these browser features; clipboard writing is the copy buttons' (copy.js).
PERMISSIONS_POLICY = ", ".join(
    [
        "accelerometer=()",
        "camera=()",
        "geolocation=()",
        "gyroscope=()",
        "magnetometer=()",
        "microphone=()",
        "payment=()",
        "usb=()",
        "clipboard-write=(self)",
    ]
)


class SecurityHeadersMiddleware(CSPMiddleware):
    """django-csp's middleware, with the API docs' exception and a Permissions-Policy."""

    def get_policy_parts(
        self,
        request: HttpRequest,
        response: HttpResponseBase,
        report_only: bool = False,
    ) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        if not report_only and request.path_info in API_DOCS_PATHS:
            parts.replace = {**(parts.replace or {}), **API_DOCS_POLICY}
        return parts

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        response = super().process_response(request, response)
        if "Permissions-Policy" not in response:
            response["Permissions-Policy"] = PERMISSIONS_POLICY
        return response
