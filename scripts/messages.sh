#!/usr/bin/env bash
# The translation catalogues (locale/he, locale/ru): `make messages`.
#   bash scripts/messages.sh           extract, then compile every catalogue's .mo
#   bash scripts/messages.sh extract   extract only (tests/test_catalogues.py runs it on a copy)
# makemessages finds gettext, gettext_lazy, ngettext, pgettext, gettext_noop (the strings marked
# for later translation, e.g. league/rules/errors.py) and the templates' translate/blocktranslate.
# --no-obsolete drops the strings the code no longer has, so a catalogue is the code's strings.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
export DEBUG=${DEBUG:-1}  # settings want a SECRET_KEY unless DEBUG; nothing here serves pages
LANGUAGES=(he ru)
IGNORE=(--ignore=node_modules --ignore=site --ignore=artifacts)

args=()
for code in "${LANGUAGES[@]}"; do args+=(-l "$code"); done
"$PYTHON" manage.py makemessages "${args[@]}" --no-obsolete "${IGNORE[@]}"
if [ "${1:-}" = extract ]; then exit 0; fi
# compilemessages runs msgfmt --check-format; it walks the tree, so keep it out of .venv.
"$PYTHON" manage.py compilemessages "${args[@]}" "${IGNORE[@]}" --ignore=.venv --ignore=.git
