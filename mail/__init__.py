"""The outgoing e-mail: each player's language, the outbox, the sending task, unsubscribing."""
