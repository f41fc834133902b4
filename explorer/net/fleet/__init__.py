"""The fleet on PostgreSQL: many Sources checked by many workers, and many ``listen``
processes sharing one store (issue 43).

``database`` opens the fleet's database, applies its schema steps, holds the Sources and
their schedule, and reads the health table; ``runner`` is one run of one Source (lock,
crawl into a snapshot, compare, audit); ``host_rate`` spaces every request to a host
across all workers; ``snapshot_sink`` writes a crawl into the database; ``listen/`` is the
store several ``listen`` processes share.

psycopg (and Celery) are imported only below this package, and only when a fleet feature
is used: the default install, the window and the default ``listen`` never load them
(``tests/test_fleet_imports.py``).
"""
