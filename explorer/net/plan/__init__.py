"""Gathering a plan: the crawl streamed through tallies, resync 2.0.1's own route through
the Source's documents, a bounded sample of requests for sizes and speed. Sits on top of
``source`` and ``history`` (the local copy's audit)."""
