"""The signed unsubscribe token: a user and a kind of e-mail, nothing else, nothing stored."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from django.core import signing
from django.urls import reverse

from core.site import absolute_url
from mail.kinds import may_unsubscribe

SALT: Final = "mail.unsubscribe"
# A link in an old e-mail still works for a good while; then the page says it has expired.
MAX_AGE: Final = 365 * 24 * 3600


class BadToken(Exception):
    """The token was not signed here, names no kind one may unsubscribe, or has expired."""


@dataclass(frozen=True)
class Unsubscribe:
    """What a token names: whose e-mails, of which kind."""

    user_id: int
    kind: str


def unsubscribe_token(user_id: int, kind: str) -> str:
    """The token of user `user_id`'s unsubscribe link for e-mails of `kind`."""
    return signing.dumps({"u": user_id, "k": str(kind)}, salt=SALT, compress=False)


def unsubscribe_url(user_id: int, kind: str) -> str:
    """The absolute address of user `user_id`'s unsubscribe page for `kind` ("" for a kind
    one cannot unsubscribe from)."""
    if not may_unsubscribe(kind):
        return ""
    return absolute_url(reverse("mail_unsubscribe", args=[unsubscribe_token(user_id, kind)]))


def read_token(token: str) -> Unsubscribe:
    """What `token` names; BadToken when it is forged, expired or names nothing valid."""
    try:
        data = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature as error:  # SignatureExpired is one too
        raise BadToken(str(error)) from None
    if not isinstance(data, dict):
        raise BadToken("not a token")
    user_id, kind = data.get("u"), data.get("k")
    if not isinstance(user_id, int) or not isinstance(kind, str) or not may_unsubscribe(kind):
        raise BadToken("names nothing to unsubscribe from")
    return Unsubscribe(user_id=user_id, kind=kind)
