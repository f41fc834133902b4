"""A repository's OAI-PMH view beside its ResourceSync view: walking ListRecords (what a
harvest costs in requests, bytes and time) and the parity table between the two views,
both views spilled to a SQLite file so a million records never sit in memory."""
