"""The live side: callback server, subscriber and subscriptions, intake, event pipeline,
leases, hub client, 2012 transports, forwarding, recording, refetch and the watchdog.
"""
