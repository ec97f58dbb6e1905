"""A league's rules as validated, immutable data, with the shipped presets (RULES.md 3, 4).

Every rule is defined once, in the table `fields.FIELDS` (its stored path, kind of value and
bounds, wizard label and help, how it reads on the rules page, since which version); the
rest is derived from it: reading a stored dict (`parse.py`), writing it (`serialise.py`), the
versions and their upgrades (`versions.py`), the season wizard's form (`form.py`, not
imported here: it needs Django's forms) and the rules page's sentences (`readings.py`).
`objects.py` holds the small objects the rules are made of, `presets.py` the presets.

Here are the names many modules use; the others are imported from their module.
"""

from league.rules.errors import RulesError
from league.rules.league_rules import LeagueRules
from league.rules.objects import FINAL_TABLE_SIZE, REMAINDER_POLICIES, WEEKDAYS, DropSchedule
from league.rules.presets import PRESETS, preset_dict

__all__ = [
    "FINAL_TABLE_SIZE",
    "PRESETS",
    "REMAINDER_POLICIES",
    "WEEKDAYS",
    "DropSchedule",
    "LeagueRules",
    "RulesError",
    "preset_dict",
]
