"""The fleet on PostgreSQL: many Sources, checked by many workers, one database (issue 43).

``database`` opens the fleet's database, applies its schema steps, holds the Sources and
their schedule, and reads the health table; ``runner`` is one run of one Source (lock,
crawl into a snapshot, compare, audit); ``host_rate`` spaces every request to a host
across all workers; ``snapshot_sink`` writes a crawl into the database.

psycopg is imported only here (and by the ``fleet`` command), so the default install, the
window and every other command never load it (``tests/test_fleet_imports.py``).
"""
