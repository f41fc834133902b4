"""HTTP out: the shared fetcher, byte budgets, outbound policy, network access, credentials and
spooled bodies.

Imports no other area of ``explorer.net``; ``tests/test_layers.py`` holds this.
"""
