"""Organizer pages under /manage/: rounds, registration, draws, swaps, results, audit log."""
