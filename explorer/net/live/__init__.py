"""The live side: push transports, their registry, and the one session that runs them."""
