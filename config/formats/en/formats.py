"""English dates and times: one date format on every page ("2 Dec 2026"), a 24-hour clock
like the club's schedule ("20:30"), so no page reads "Dec. 2, 2026" beside "12/02/2026"."""

DATE_FORMAT = "j M Y"
SHORT_DATE_FORMAT = "j M Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"
FIRST_DAY_OF_WEEK = 0  # Sunday, as in Israel
