"""Third-party WebSub subscribers wrapped as ResourceSync Destinations, the referees of
``subscriber-check``: each is a runnable script (``--run 'COMMAND'``) that discovers a
channel, subscribes with a secret, and fetches the resources each valid notification
names, so a test Source sees from outside which notifications it acted on."""
