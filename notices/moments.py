"""When each message is due (pure): the reminder a set time before the round's deadline, the
second call to confirm a set time after the entry, and nothing older than `CATCH_UP`, so a
sweep after days of silence (or an imported past season) mails nobody about old rounds."""

from __future__ import annotations

import datetime as dt

from django.conf import settings

from publishing.schedule import CATCH_UP


def reminder_before() -> dt.timedelta:
    """How long before a round's registration deadline the reminder goes
    (`NOTICES_REMINDER_BEFORE_MINUTES`)."""
    return dt.timedelta(minutes=settings.NOTICES_REMINDER_BEFORE_MINUTES)


def confirm_again_after() -> dt.timedelta:
    """How long after an entry nobody confirmed the table is asked again
    (`NOTICES_CONFIRM_AGAIN_MINUTES`)."""
    return dt.timedelta(minutes=settings.NOTICES_CONFIRM_AGAIN_MINUTES)


def reminder_due(deadline: dt.datetime, now: dt.datetime) -> bool:
    """Whether the reminder of a round closing at `deadline` is due `now`: from the set time
    before the deadline until the deadline."""
    return deadline - reminder_before() <= now < deadline


def recent(moment: dt.datetime | None, now: dt.datetime) -> bool:
    """Whether something that happened at `moment` (a draw or results published, a result
    entered) is recent enough to tell the players of it."""
    return moment is not None and moment <= now <= moment + CATCH_UP


def confirm_again_due(entered: dt.datetime, now: dt.datetime) -> bool:
    """Whether the table of a result entered at `entered`, still unconfirmed, is asked again."""
    return entered + confirm_again_after() <= now <= entered + CATCH_UP
