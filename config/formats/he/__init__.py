"""Hebrew formats."""
