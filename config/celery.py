"""The Celery application, configured from Django settings (CELERY_* names)."""

import os
from typing import Any

from celery import Celery
from celery.signals import worker_init

from config import log_records, task_request_ids
from config.broker import guard_closed_redis_channels
from config.startup import warn_without_site_url

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("whist")
# The default app in every thread, so the app packages reach it as celery.current_app
# without importing config (no package loop: config imports them).
app.set_default()
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
guard_closed_redis_channels()
# The worker's and beat's records, from their first, carry the request id their formats
# name (config.log_records); Django's logging set-up installs the same factory again.
log_records.install()
task_request_ids.connect()


def warn_on_worker_start(**kwargs: Any) -> None:
    """The worker builds the chat texts and e-mails: without SITE_URL, one line says so."""
    warn_without_site_url("celery worker")


worker_init.connect(warn_on_worker_start, weak=False)
