"""The live side: one ``LiveSession`` (session.py) running the push transports of one
registry (transports.py) on their shared parts: callback server, subscriptions, intake,
event pipeline, leases, hub client, 2012 transports, forwarding, recording, refetch and
the watchdog.
"""
