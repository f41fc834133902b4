"""The embedded callback server hubs call back, and its guards against what arrives."""
