"""The fleet: work on many Sources and many ``listen`` processes over one PostgreSQL store.

psycopg (and Celery) are imported only below this package, and only when a fleet feature
is used: the default install, the window and the default ``listen`` never load them.
"""
