"""Hebrew dates and times: one date format on every page ("2.12.2026") and the 24-hour
clock ("20:30")."""

DATE_FORMAT = "j.n.Y"
SHORT_DATE_FORMAT = "j.n.Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j.n.Y, H:i"
SHORT_DATETIME_FORMAT = "j.n.Y, H:i"
MONTH_DAY_FORMAT = "j בF"
YEAR_MONTH_FORMAT = "F Y"
FIRST_DAY_OF_WEEK = 0
