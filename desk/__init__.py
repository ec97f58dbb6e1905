"""The organizer's desk: the pages under /manage/ (seasons, rounds, draws, the audit log).

The top layer beside `web`, `api` and `accounts`: it reads every layer below it."""
