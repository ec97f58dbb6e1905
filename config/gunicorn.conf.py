"""gunicorn settings for production: `gunicorn config.wsgi -c config/gunicorn.conf.py`."""

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "2"))
# sync workers, chosen by measurement (bench/load_results.py, 200 players, 2 workers, 1 Dec,
# on the busy 2-core box): gthread x 4 served 35-48 req/s against sync's 22-41 with a lower
# p99 (9-13 s against 15-17 s) in the same runs, but with keep-alive some players' reused
# connections were closed under them (1-2 connection resets a run, which the load check
# fails); without keep-alive it measured no better than sync (23.6 req/s, p99 19.3 s, against
# 23.4 req/s, p99 15.0 s). The figures there were set by a saturated machine (load 4-8), not
# by the worker class: re-measure on the server (--worker-class gthread --threads 4
# --keep-alive 0) and set GUNICORN_WORKER_CLASS=gthread, GUNICORN_THREADS=4 if it wins.
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "sync")
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
# A request stuck longer than this is cut off and its worker replaced.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))  # gthread only; sync closes
# Load the app before forking: workers share its memory and a broken deploy fails at start.
preload_app = True
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
# gunicorn's default line, then the request id the app answered with (config.request_ids).
access_log_format = (
    '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %({x-request-id}o)s'
)
# Private link tokens are hidden in every access and error log line (config/log_records.py).
logger_class = "config.gunicorn_logging.PrivateLinksLogger"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "warning")
