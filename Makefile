# Two entry points: `make run` (the app with a demo league; `make run PORT=8301` on another
# port) and `make test` (the full suite).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint docs venv run-venv demo schedule worker beat messages

# One venv, two stamps that say which set it holds: .installed the app's requirements
# (requirements.txt: what `make run`, demo, schedule, worker and beat need), .installed-dev
# also the suite's and the tools' (requirements-dev.txt: `make venv`, test, lint). On a fresh
# clone `make run` installs the first only; after `make test` nothing more is installed.
$(BIN)/.installed: requirements.txt
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

$(BIN)/.installed-dev: requirements.txt requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $(BIN)/.installed $@

venv: $(BIN)/.installed-dev

run-venv: $(BIN)/.installed

# The quick start runs in DEBUG (plain-http cookies, auto-reload); production sets its own env.
# SITE_URL (the links in chat texts and e-mails) is the quick start's own address unless given.
# With no broker there is no celery beat: run_schedule runs its sweep beside the server.
run: export DEBUG ?= 1
run: export SITE_URL ?= http://$(HOST):$(PORT)
run: run-venv
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	@echo "The league app is at http://$(HOST):$(PORT)/ (admin: http://$(HOST):$(PORT)/admin/, user 'organizer', password 'organizer')"
	@echo "The round schedule (close and draw at 20:00, publish at 20:15 and 23:30) runs every minute beside the server (manage.py run_schedule)."
	$(BIN)/python manage.py run_schedule --every 60 & schedule=$$!; \
	trap 'kill $$schedule 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# The trial's other commands, in its settings (DEBUG=1, as `make run`; the docs print the
# rest as `DEBUG=1 .venv/bin/python manage.py ...`). They write no file but the SQLite one.
demo: export DEBUG ?= 1
demo: export SITE_URL ?= http://$(HOST):$(PORT)
demo: run-venv
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo --refresh

schedule: export DEBUG ?= 1
schedule: export SITE_URL ?= http://$(HOST):$(PORT)
schedule: run-venv
	$(BIN)/python manage.py run_schedule --once

test: venv
	bash scripts/test.sh

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	bash scripts/ensure_axe.sh
	node_modules/.bin/eslint static tests/js

# The catalogues (locale/he, locale/ru): makemessages for each language with every marker the code
# uses (gettext_noop included), no obsolete entry kept, then compilemessages. Translate the new
# entries (no empty msgstr, no fuzzy: tests/test_catalogues.py checks) and run it again.
messages: venv
	bash scripts/messages.sh

# The documentation site (mkdocs.yml, docs/) into site/, strictly as make test builds it.
docs: venv
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

worker: run-venv
	$(BIN)/celery -A config worker --loglevel=info

beat: run-venv
	$(BIN)/celery -A config beat --loglevel=info
