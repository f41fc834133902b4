"""The HTTP inspector: every exchange the explorer made, with its request and response."""
