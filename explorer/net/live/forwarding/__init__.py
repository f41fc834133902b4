"""Deliveries sent on: forwarding to the user's application, its outbox, and replay with edits."""
