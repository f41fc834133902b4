"""The crawl's default document limit, apart from ``crawl_budget`` (which loads the HTTP
client with its fetches): the commands' ``--max-documents`` option shows it in its help,
and ``compare`` of two stored snapshots, which reads the store only, must not load the
HTTP client and the parser to build that option."""

DEFAULT_MAX_DOCUMENTS = 5000
"""Requests of one crawl (discovery candidates, documents, link targets, topic checks)."""
