"""The messages to players: a registration reminder, "your table is drawn", "a result waits
for your confirmation" and the round's results with his place, each enqueued once per player
and event through the mail outbox (`mail.outbox.enqueue`), in the player's language."""
