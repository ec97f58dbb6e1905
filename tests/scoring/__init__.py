"""Tests of the scoring engine (pure Python, no database)."""
