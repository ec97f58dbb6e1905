"""The trumps a deal can be played in as the pages show them: the code, its symbol and its name."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.sheets import STRAINS


@dataclass(frozen=True)
class StrainFace:
    """One trump: the engine's `code`, the `symbol` players write and its spoken `label`."""

    code: str
    symbol: str | Promise
    label: str | Promise

    @property
    def spoken(self) -> str:
        """The button's accessible name. A suit's button shows a symbol and is named by the
        suit; the no-trump button shows letters, which its name must contain (WCAG 2.5.3)."""
        if self.code != "NT":
            return str(self.label)
        return _("%(shown)s (%(name)s)") % {"shown": self.symbol, "name": self.label}

    def bid(self, number: int) -> str:
        """A winning bid in this trump as players write it: "7♥", "7NT"."""
        return f"{number}{self.symbol}"

    def spoken_bid(self, number: int) -> str:
        """The accessible name of a bid's button: "7 Hearts"; for no trump, whose button
        shows letters, the letters and the name: "7NT (No trump)" (WCAG 2.5.3)."""
        if self.code != "NT":
            return _("%(number)d %(suit)s") % {"number": number, "suit": self.label}
        return _("%(shown)s (%(name)s)") % {"shown": self.bid(number), "name": self.label}

    @property
    def choice(self) -> str:
        """The text of the trump in a list of choices: "♠ Spades", or "No trump" alone."""
        return f"{self.symbol} {self.label}" if self.code != "NT" else str(self.label)


_FACES = {
    "S": StrainFace("S", "♠", _("Spades")),
    "H": StrainFace("H", "♥", _("Hearts")),
    "D": StrainFace("D", "♦", _("Diamonds")),
    "C": StrainFace("C", "♣", _("Clubs")),
    "NT": StrainFace("NT", _("NT"), _("No trump")),
}
# Suits from the highest, then no trump: the order of games.sheets.STRAINS.
STRAIN_FACES = tuple(_FACES[code] for code in STRAINS)


def strain_symbol(code: str) -> str:
    """The trump as players write it (♠ ♥ ♦ ♣ or NT); an unknown code is shown as it is."""
    face = _FACES.get(code)
    return str(face.symbol) if face is not None else code
