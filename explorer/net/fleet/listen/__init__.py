"""``listen --store postgresql://``: several listen processes sharing one PostgreSQL store.

Any process answers any subscription's verifications and deliveries (the hub calls the
user's load balancer); each subscription's hub requests (subscribe, renew) are done by the
one process holding its lease row.
"""
