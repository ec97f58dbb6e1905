"""Project-level views that belong to no app: the health check for load balancers."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@require_GET
@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """A fixed answer with no database work: liveness for monitors, baseline for benchmarks."""
    return HttpResponse("ok\n", content_type="text/plain")
