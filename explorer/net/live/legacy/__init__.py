"""The 2012 draft's push transports (core 0.1-alpha §5.2): the HTTP callback and XMPP PubSub."""
