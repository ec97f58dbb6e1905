"""A Letter laid out as an e-mail: the plain text and the HTML, in the active language (the
outbox renders under the recipient's), right to left in Hebrew, the unsubscribe link last."""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from mail.kinds import Kind
from mail.letters import Letter


@dataclass(frozen=True)
class Rendered:
    """An e-mail's bodies."""

    text: str
    html: str


def footer(kind: Kind) -> str:
    """The sentence before the unsubscribe link: why the reader gets this e-mail."""
    return _("You receive this e-mail as a player of the Whist league (%(kind)s).") % {
        "kind": kind.label
    }


def render_letter(letter: Letter, kind: Kind, unsubscribe_url: str = "") -> Rendered:
    """`letter` as plain text and HTML in the active language; `unsubscribe_url` ends both
    when given (the kinds one may unsubscribe from)."""
    language = translation.get_language() or "en"
    rtl = translation.get_language_bidi()
    blocks = list(letter.paragraphs)
    if letter.action is not None:
        label, url = letter.action
        blocks.append(f"{label}: {url}")
    if unsubscribe_url:
        blocks.append(f"-- \n{footer(kind)}\n{_('Unsubscribe')}: {unsubscribe_url}")
    html = render_to_string(
        "mail/letter.html",
        {
            "letter": letter,
            "language": language,
            "direction": "rtl" if rtl else "ltr",
            "align": "right" if rtl else "left",
            "footer": footer(kind),
            "unsubscribe_url": unsubscribe_url,
        },
    )
    return Rendered(text="\n\n".join(blocks) + "\n", html=html)
