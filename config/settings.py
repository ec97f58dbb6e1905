"""Django settings for the Whist league app, driven by environment variables."""

from datetime import timedelta
from pathlib import Path

import django_stubs_ext
import environ
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from kombu.entity import Queue

from config import error_reports
from config.build_id import derived_build_id

# Django's generic classes (ModelAdmin[Model], QuerySet[Model], ...) accept type arguments at
# run time, as django-stubs declares them.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env(
    DEBUG=(bool, False),
    ALLOWED_HOSTS=(list, ["localhost", "127.0.0.1", "[::1]", "testserver"]),
)
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env("DEBUG")
SECRET_KEY = env("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        # A built-in key is public: sessions, password resets and CSRF tokens could be forged.
        raise ImproperlyConfigured(
            "SECRET_KEY is required when DEBUG is off: set it (a long random string) in the "
            "environment or in .env"
        )
    SECRET_KEY = "dev-only-insecure-key-for-debug-mode"
ALLOWED_HOSTS = env("ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
# The public address of the site (e.g. https://whist.example.org), put before every link in
# the chat texts and e-mails (core.site); `make run` sets its own address, and a production
# server started without it warns in one line (config.startup).
SITE_URL = env("SITE_URL", default="").rstrip("/")
CSRF_FAILURE_VIEW = "config.views.csrf_failure"
# BEHIND_PROXY=1 when every request comes through our own reverse proxy (deploy/nginx/):
# only then are the headers it sets trusted, since without one any visitor could send them:
# X-Forwarded-Proto (the request was https), the visitor's address (CLIENT_ADDRESS_HEADER,
# by default X-Forwarded-For, whose last entry our proxy added) and X-Request-ID
# (config.request_ids). Off, the address is REMOTE_ADDR and the scheme the connection's.
BEHIND_PROXY = env.bool("BEHIND_PROXY", default=False)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    CLIENT_ADDRESS_HEADER = env("CLIENT_ADDRESS_HEADER", default="HTTP_X_FORWARDED_FOR")
elif env("CLIENT_ADDRESS_HEADER", default=""):
    raise ImproperlyConfigured(
        "CLIENT_ADDRESS_HEADER is set but BEHIND_PROXY is not: a visitor could send that "
        "header himself; set BEHIND_PROXY=1 when the app runs behind the proxy, or unset "
        "CLIENT_ADDRESS_HEADER"
    )
else:
    CLIENT_ADDRESS_HEADER = ""
# The header that carries the request id (config.request_ids): read from the proxy when
# BEHIND_PROXY, sent back on every response.
REQUEST_ID_HEADER = env("REQUEST_ID_HEADER", default="X-Request-ID")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "django_celery_beat",
    "health_check",
    "axes",
    "csp",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "core",
    "mail",
    "league",
    "games",
    "standings",
    "draws",
    "accounts",
    "publishing",
    "rating",
    "notices",
    "api",
    "web",
    "desk",  # the organizer's pages and the league's admin (desk.admin)
]

MIDDLEWARE = [
    # Outermost: every log line of the request and the tasks it queues carry its id.
    "config.request_id_middleware.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "config.security_headers.SecurityHeadersMiddleware",
    # Outside whitenoise and the middleware that refuses a bad Host: static files and that
    # 400 carry X-Frame-Options like every page.
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Gzip for public pages only (BREACH: never a page with a CSRF token or a session).
    "config.compression.PublicPageGZipMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Outside the session middleware: a public page's answer is finished once it has spoken
    # (no Vary: Cookie; private after all when a cookie or token got in; web.http_cache).
    "web.http_cache.PublicPageMiddleware",
    # Outside the session, CSRF and messages middleware: it sees every cookie they set
    # (a page that sets one is never kept offline).
    "config.offline.OfflinePagesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Inside the locale middleware: an empty 405's sentence is in the page's language.
    "config.method_refusal.MethodRefusalMiddleware",
    "config.hostile_input.HostileInputMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Last, as axes documents: turns a locked-out sign-in into accounts.login's answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "web.context_processors.fragments",
                "config.offline.offline_user",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

# Only our own scripts and styles, no inline ones (config/security_headers.py adds the
# Permissions-Policy and the API docs pages' exception).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# DATABASE_URL, e.g. postgres://user:password@host:5432/whist; a SQLite file when unset.
if env("DATABASE_URL", default=""):
    DATABASES = {"default": env.db("DATABASE_URL")}
else:
    DATABASES = {
        "default": {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}
    }
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent writers wait instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
elif "postgresql" in DATABASES["default"]["ENGINE"] and env.bool("DATABASE_NO_JIT", default=True):
    # No JIT compilation: it costs tens of milliseconds on the app's short queries and the
    # large standings aggregates alike, and saves nothing at this size. (Behind a pooler
    # that refuses startup options, set DATABASE_NO_JIT=0 and turn JIT off on the server.)
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("options", "-c jit=off")
if "postgresql" in DATABASES["default"]["ENGINE"]:
    # Keep each worker's connection for a minute (unless DATABASE_URL says ?conn_max_age=):
    # a new PostgreSQL connection per request cost more than the rest of a signed-in page
    # (bench/profile_pages.py, load_results.py --profile). Checked before reuse, so a
    # restarted database costs one failed check, not an error.
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("DATABASE_CONN_MAX_AGE", default=60))
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# A season the planner expects to hold at least STANDINGS_SHARDED_FROM results has its
# standings read in STANDINGS_SHARDS ranges of players at once, each on its own PostgreSQL
# connection, all in one snapshot (standings/shards.py; 1: never). Two suit a 2-core
# database server (bench/bench_standings.py).
STANDINGS_SHARDS = env.int("STANDINGS_SHARDS", default=2)
STANDINGS_SHARDED_FROM = env.int("STANDINGS_SHARDED_FROM", default=200_000)

# CACHE_URL=rediscache://host:6379/1 is django-redis (one client per server, kept). A Redis
# that is down or slow is a cache miss, logged on the `django_redis.cache` logger, never an
# error (the pages, sign-in and its limits, the API's rate limits and the sessions go on
# without it); within a second: a cache that hangs must not hold up every request.
CACHES = {"default": env.cache("CACHE_URL", default="locmemcache://")}
if CACHES["default"]["BACKEND"] == "django_redis.cache.RedisCache":
    CACHES["default"].setdefault("OPTIONS", {}).setdefault("SOCKET_CONNECT_TIMEOUT", 1)
    CACHES["default"]["OPTIONS"].setdefault("SOCKET_TIMEOUT", 1)
DJANGO_REDIS_IGNORE_EXCEPTIONS = True
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
# HTTP caching of the public pages (web.http_cache): a visitor without a session gets
# `Cache-Control: public, max-age=0, s-maxage=PUBLIC_PAGE_S_MAXAGE,
# stale-while-revalidate=PUBLIC_PAGE_STALE` (seconds) and an ETag made from the versions of
# what the page shows (web.versions); a signed-in one `private, no-cache`. The pages' heavy
# parts are cached fragments ({% cache %}) kept FRAGMENT_CACHE_TIMEOUT seconds at most:
# their keys hold the versions, so a change never waits for them to expire.
PUBLIC_PAGE_S_MAXAGE = env.int("PUBLIC_PAGE_S_MAXAGE", default=1)
PUBLIC_PAGE_STALE = env.int("PUBLIC_PAGE_STALE", default=30)
FRAGMENT_CACHE_TIMEOUT = env.int("FRAGMENT_CACHE_TIMEOUT", default=3600)
# The deployed build, in every ETag and fragment key: BUILD_ID from the environment (the
# release's tag or commit), else derived once at start from the code, templates,
# translations and static files (config.build_id), the same in every process of a checkout.
BUILD_ID = env("BUILD_ID", default="") or derived_build_id(BASE_DIR)
# Sessions are read from the cache and written through to the database (config/sessions.py:
# Django's cached_db, a cache outage a miss): a signed-in request costs no
# session query once its session is cached, and a cache outage or restart only falls back to
# the database row. Only with a shared cache (CACHE_URL, Redis): a per-process cache would
# keep a signed-out session alive in the other workers, so without one they stay in the
# database (config/test_settings.py, one process, uses the cache like production).
SHARED_CACHE = not CACHES["default"]["BACKEND"].endswith(("LocMemCache", "DummyCache"))
SESSION_ENGINE = "config.sessions" if SHARED_CACHE else "django.contrib.sessions.backends.db"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Every password check goes through django-axes' limit first (accounts/signin_limits.py):
# the login page and the admin's login share its counts, kept in the shared cache.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "accounts.signin_limits.SignInLimitHandler"
# Counted per address and user name (10 failures), and per address (50): the limits are
# signin_limits.LIMITS, in this order.
AXES_LOCKOUT_PARAMETERS = [["ip_address", "username"], "ip_address"]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_CLIENT_IP_CALLABLE = "accounts.signin_limits.client_address"
AXES_USERNAME_CALLABLE = "accounts.signin_limits.client_username"
AXES_LOCKOUT_CALLABLE = "accounts.login.lockout_response"
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("he", "עברית"), ("ru", "Русский")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Jerusalem"
USE_I18N = True
USE_TZ = True
# One date format and the 24-hour clock per language (config/formats/LANG/formats.py).
FORMAT_MODULE_PATH = ["config.formats"]

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Where `collectstatic` writes and nginx serves /static/ from (deploy/nginx/whist.conf's
# WHIST_STATIC_ROOT).
STATIC_ROOT = Path(env("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
# Serve static files through whitenoise straight from the app folders when they have not
# been collected (quick start, tests); production runs collectstatic into STATIC_ROOT.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
# STATIC_MANIFEST=1 (production, after `collectstatic`): file names carry a hash of their
# content, so whitenoise serves them with "Cache-Control: max-age=315360000, immutable";
# off (quick start, tests), files are served by their plain names.
_STATIC_STORAGE = (
    "whitenoise.storage.CompressedManifestStaticFilesStorage"
    if env.bool("STATIC_MANIFEST", default=False)
    else "whitenoise.storage.CompressedStaticFilesStorage"
)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": _STATIC_STORAGE},
}

DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=2_621_440)

# EMAIL_URL, e.g. smtp+tls://user:password@mail.example.org:587 (console by default).
_email = env.email_url("EMAIL_URL", default="consolemail://")
EMAIL_BACKEND = env("EMAIL_BACKEND", default=_email["EMAIL_BACKEND"])
EMAIL_HOST = _email.get("EMAIL_HOST") or "localhost"
EMAIL_PORT = _email.get("EMAIL_PORT") or 25
EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER") or ""
EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD") or ""
EMAIL_USE_TLS = bool(_email.get("EMAIL_USE_TLS"))
EMAIL_USE_SSL = bool(_email.get("EMAIL_USE_SSL"))
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="league@whist.local")
# Seconds: a mail server that hangs fails the try (the task retries it, mail.tasks) well
# before the task's time limit, instead of holding the worker and the message's row.
EMAIL_TIMEOUT = 30
# The messages to players (notices/): the registration reminder goes this many minutes
# before a round's registration deadline; a result nobody has confirmed is asked for again
# this many minutes after it was entered.
NOTICES_REMINDER_BEFORE_MINUTES = env.int("NOTICES_REMINDER_BEFORE_MINUTES", default=120)
NOTICES_CONFIRM_AGAIN_MINUTES = env.int("NOTICES_CONFIRM_AGAIN_MINUTES", default=30)

# Celery: with no broker configured, tasks run eagerly in-process (quick start).
_BROKER_URL = env("CELERY_BROKER_URL", default=env("REDIS_URL", default="")) or None
CELERY_TASK_ALWAYS_EAGER = _BROKER_URL is None
# Eager tasks still take a producer from the broker's pool: the in-memory transport (with
# a host name, so kombu does not warn that it reverts to localhost) keeps that quiet.
CELERY_BROKER_URL = _BROKER_URL or "memory://localhost/"
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default="") or None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# Two queues: "celery" (the default) for what pages wait for (a season's publish, the round
# schedule and the sweep that publishes what is stale) and "background" for what may wait
# (the e-mails, the notices' sweeps, the rating run, the standings' upkeep), so a draw's 200
# letters or a rating run never hold up the publish a confirmed result asks for. A worker
# started without -Q takes both (make run, the tests); the deploy kit runs one worker for
# each (docs/deploy.md).
CELERY_TASK_DEFAULT_QUEUE = "celery"
BACKGROUND_QUEUE = "background"
CELERY_TASK_QUEUES = (
    Queue(CELERY_TASK_DEFAULT_QUEUE),  # type: ignore[no-untyped-call]  # kombu is untyped
    Queue(BACKGROUND_QUEUE),  # type: ignore[no-untyped-call]  # kombu is untyped
)
CELERY_TASK_ROUTES = {
    pattern: {"queue": BACKGROUND_QUEUE}
    for pattern in ("mail.*", "notices.*", "rating.*", "standings.*")
}
# /readyz fails when beat has not sent its every-minute sweep for this many seconds (beat
# writes the time of its last send back to the database every few minutes).
READYZ_BEAT_MAX_AGE = env.int("READYZ_BEAT_MAX_AGE", default=600)
# Time limits, in seconds: past its soft limit a task is interrupted (SoftTimeLimitExceeded:
# its transaction rolls back and the minute's sweep does the work again), past the hard one
# its worker process is replaced. The tasks that read whole seasons (publishing, the sweep
# that publishes stale ones, the rating run, the weekly upkeep) have the long limits.
CELERY_TASK_SOFT_TIME_LIMIT = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=120)
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=150)
CELERY_LONG_TASKS = (
    "publishing.publish_season",
    "publishing.sweep",
    "rating.apply_ratings",
    "standings.check_tally",
    "standings.compact_index",
)
CELERY_TASK_ANNOTATIONS = {
    name: {
        "soft_time_limit": env.int("CELERY_LONG_TASK_SOFT_TIME_LIMIT", default=900),
        "time_limit": env.int("CELERY_LONG_TASK_TIME_LIMIT", default=960),
    }
    for name in CELERY_LONG_TASKS
}
# The worker's and beat's own log lines, with the logger and the request id as well.
CELERY_WORKER_LOG_FORMAT = (
    "%(asctime)s %(levelname)s/%(processName)s %(name)s [%(request_id)s] %(message)s"
)
CELERY_WORKER_TASK_LOG_FORMAT = (
    "%(asctime)s %(levelname)s/%(processName)s %(name)s [%(request_id)s] "
    "%(task_name)s[%(task_id)s] %(message)s"
)
REDIS_URL = env("REDIS_URL", default="")

REST_FRAMEWORK = {
    # No HTTP Basic: the API takes bearer tokens and the browser's session, never a password.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.authentication.BearerTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Whist League API",
    "VERSION": "1.0.0",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "SeasonStatusEnum": "league.models.Season.Status",
        "RoundStatusEnum": "league.models.Round.Status",
        "GameStatusEnum": "games.models.Game.Status",
    },
}

if not DEBUG:
    SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=True)
    CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=True)
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=False)
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)

# Error reports to Sentry when SENTRY_DSN is set (config/error_reports.py: Django and Celery,
# no personal data, private link tokens hidden in everything sent); SENTRY_ENVIRONMENT names
# the server's reports, SENTRY_TRACES_SAMPLE_RATE the share of requests traced (0: none).
SENTRY_DSN = env("SENTRY_DSN", default="")
SENTRY_ENVIRONMENT = env("SENTRY_ENVIRONMENT", default="production")
SENTRY_TRACES_SAMPLE_RATE = env.float("SENTRY_TRACES_SAMPLE_RATE", default=0.0)
if SENTRY_DSN:
    error_reports.start(SENTRY_DSN, SENTRY_ENVIRONMENT, SENTRY_TRACES_SAMPLE_RATE)

# Every log record hides private link tokens, and a refused request (4xx) logs one line
# without its traceback (config/log_records.py).
LOGGING_CONFIG = "config.log_records.configure"
# Each line: time, level, logger, request id (config/request_ids.py), message.
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"lines": {"format": LOG_FORMAT}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "lines"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}

# The API schema documents every error answer and the API's slug pattern (issue 12 item 12).
SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"] = [
    "drf_spectacular.hooks.postprocess_schema_enums",
    "api.schema_hooks.document_api_answers",
]
