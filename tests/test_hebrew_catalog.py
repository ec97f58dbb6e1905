"""The Hebrew catalog speaks as the club speaks (HEBREW.md): one word per thing, everywhere."""

import re

import pytest

from tests.pocatalog import Entry, read_catalog

HEBREW_LETTER = "\u05d0-\u05ea"
# A Hebrew word may carry up to three one-letter prefixes (and, the, in, as, to, from, that).
PREFIXES = f"(?<![{HEBREW_LETTER}])[והבכלמש]{{0,3}}"

# Words the club does not use, with the club's word to say instead.
NOT_THE_CLUBS_WORDS = {
    f"{PREFIXES}סבב": "a league round is a מחזור (סבב reads like a deal)",
    "נשמט": "a dropped game יורד (הורדת משחקים)",
    f"{PREFIXES}זרע": "the draw's seed is מספר ההגרלה",
    f"(?<![{HEBREW_LETTER}])[והבכלש]{{0,3}}חלוק(ה|ות|ת)(?![{HEBREW_LETTER}])": "a deal is a סיבוב",
    "מחלוקת|ערעור": "a dispute is an השגה",
    "דירוג הליגה": "by ranking is לפי הדירוג בליגה",
    "מיומנות": "the skill rating is the דירוג",
    "פלוס|מינוס": "over / under games are אפ / דאון",
    "רישום ל|לרישום|הרישום נ|הרישום ס|מועד אחרון": "registration is הרשמה; it closes at סיום הרשמה",  # noqa: RUF001
}

# Where an English word appears in a source text, its translation uses the club's word.
THE_CLUBS_WORD_FOR = {
    r"\brounds?\b": "מחזור",
    r"\bdeals?\b": "סיבוב",
    r"\bdisput": "השגה",
    r"\bseed\b": "מספר ההגרלה",
    r"\bdeclarer\b": "המכריז",
    r"\btricks?\b": "לקיח",
    r"\btrump\b": "שליט",
    r"\bcontracts?\b": "חוז",
    r"\breserves?\b": "מחלי[ףפ]",
}
# Placeholders, command lines and markup are not words a player reads.
NOT_PROSE = re.compile(r"%\(\w+\)[sd]|--\w+|random\.Random\(seed\)|manage\.py \w+|<[^>]+>")

CATALOG = [entry for entry in read_catalog() if not entry.obsolete]


def _where(entry: Entry) -> str:
    context = f" ({entry.context})" if entry.context else ""
    return f"django.po line {entry.line}: {entry.msgid!r}{context} -> {entry.msgstrs!r}"


def test_hebrew_catalog_uses_the_clubs_words() -> None:
    wrong = [
        f"{_where(entry)}: {reason}"
        for entry in CATALOG
        for pattern, reason in NOT_THE_CLUBS_WORDS.items()
        if any(re.search(pattern, text) for text in entry.msgstrs)
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    ("english", "hebrew"),
    THE_CLUBS_WORD_FOR.items(),
    ids=["round", "deal", "dispute", "seed", "declarer", "trick", "trump", "contract", "reserve"],
)
def test_hebrew_catalog_says_one_word_per_thing(english: str, hebrew: str) -> None:
    wrong = [
        _where(entry)
        for entry in CATALOG
        if re.search(english, NOT_PROSE.sub("", entry.msgid), re.IGNORECASE)
        and not all(re.search(hebrew, text) for text in entry.msgstrs)
    ]
    assert not wrong, "\n".join(wrong)


def test_hebrew_catalog_has_no_fuzzy_or_empty_translations() -> None:
    unfinished = [
        _where(entry) for entry in CATALOG if "fuzzy" in entry.flags or not all(entry.msgstrs)
    ]
    assert not unfinished, "\n".join(unfinished)


def test_catalog_reader_sees_every_entry() -> None:
    assert len(CATALOG) > 800
    assert any(entry.msgid_plural for entry in CATALOG)
    assert any(entry.context for entry in CATALOG)
