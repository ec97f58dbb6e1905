"""Named write actions of the league app; each owns its transaction (Zulip style)."""
