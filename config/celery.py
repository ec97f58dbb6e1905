"""The Celery application, configured from Django settings (CELERY_* names)."""

import os

from celery import Celery

from config.broker import guard_closed_redis_channels

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("whist")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
guard_closed_redis_channels()
