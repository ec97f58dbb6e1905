"""Template tags of the games pages."""
