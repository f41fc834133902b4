"""The audit's bounds, apart from the audit (which loads the crawl, the HTTP client and
SQLite): ``audit --work-budget`` and ``--max-files`` show them as their defaults, and
parsing the arguments must not load what only the audit uses."""

from __future__ import annotations

MEGABYTE = 1024 * 1024
WORK_BUDGET = 2048 * MEGABYTE
"""Bytes the working file may reach (``audit --work-budget``): about 5 million
resources; an audit past it stops with ``audit.work-budget``."""
MAX_LOCAL_FILES = 10_000_000
"""Files scanned under the mapped folders before the audit stops as unusable."""
