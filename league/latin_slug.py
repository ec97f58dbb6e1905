"""A readable Latin address (slug) for a name in Hebrew, Russian or Latin letters, letter by letter.

Hebrew letters follow `HEBREW_LETTERS` (one Latin spelling per letter, final forms as the
regular ones, except that final pe ף reads f), Russian letters `CYRILLIC_LETTERS` (one
spelling per letter, as in passports: ж zh, х kh, ц ts, щ shch, ы y, ю yu, я ya; ъ and ь are
dropped, й and ё read as и and е); niqqud and other combining marks, geresh and gershayim are
dropped. Latin letters lose their accents (NFKD). Digits stay; anything else
(spaces, punctuation, the maqaf ־) separates words with one "-". The result is lower case
ASCII, at most `MAX_LENGTH` characters, and always a valid slug: empty, or words of
[a-z0-9] joined by single dashes. The season wizard suggests it from the name (the page's
script reads the same table) and the exports name their files after it.

Pure: text in, text out.

>>> latin_slug("ליגת חורף 2027")
'ligt-chorf-2027'
>>> latin_slug("Winter League 2027"), latin_slug("Ligue d’été")
('winter-league-2027', 'ligue-dete')
>>> latin_slug("שָׁלוֹם"), latin_slug("צ׳יפס"), latin_slug("תל־אביב")
('shlom', 'tsips', 'tl-abib')
>>> latin_slug("Зимняя лига 2027"), latin_slug("Объединённый турнир")
('zimnyaya-liga-2027', 'obedinennyi-turnir')
>>> latin_slug("!!!")
''
"""

# ruff: noqa: RUF001, RUF002 (tables of Hebrew and Russian letters: they are the point, not look-alikes)

from __future__ import annotations

import unicodedata

MAX_LENGTH = 120

HEBREW_LETTERS = {
    "א": "a",
    "ב": "b",
    "ג": "g",
    "ד": "d",
    "ה": "h",
    "ו": "o",
    "ז": "z",
    "ח": "ch",
    "ט": "t",
    "י": "i",
    "ך": "k",
    "כ": "k",
    "ל": "l",
    "ם": "m",
    "מ": "m",
    "ן": "n",
    "נ": "n",
    "ס": "s",
    "ע": "a",
    "ף": "f",
    "פ": "p",
    "ץ": "ts",
    "צ": "ts",
    "ק": "k",
    "ר": "r",
    "ש": "sh",
    "ת": "t",
}
_RUSSIAN = dict(
    zip("абвгдезиклмнопрстуфхцчшщъыьэюя", [
        "a", "b", "v", "g", "d", "e", "z", "i", "k", "l", "m", "n", "o", "p", "r", "s", "t",
        "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya",
    ], strict=True)
)  # fmt: skip
_RUSSIAN["ж"] = "zh"
CYRILLIC_LETTERS = {**_RUSSIAN, **{letter.upper(): latin for letter, latin in _RUSSIAN.items()}}
# Every letter the slug spells (the season wizard's script gets the same table).
LATIN_LETTERS = {**HEBREW_LETTERS, **CYRILLIC_LETTERS}
DROPPED = "\u05f3\u05f4'\u2019"  # geresh, gershayim and apostrophes join their word


def latin_slug(text: str) -> str:
    """`text` as a Latin slug, letter by letter (see the module's table)."""
    words: list[str] = []
    word: list[str] = []
    for char in unicodedata.normalize("NFKD", text):
        if char in LATIN_LETTERS:  # ъ and ь spell nothing: no empty word
            word += [LATIN_LETTERS[char]] if LATIN_LETTERS[char] else []
        elif char.isascii() and char.isalnum():
            word.append(char.lower())
        elif unicodedata.combining(char) or char in DROPPED or unicodedata.category(char) == "Cf":
            continue
        elif word:
            words.append("".join(word))
            word = []
    if word:
        words.append("".join(word))
    return "-".join(words)[:MAX_LENGTH].strip("-")
