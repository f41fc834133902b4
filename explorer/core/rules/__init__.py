"""Validation rules, one module per family; ``explorer.core.validator`` runs them.

Rule families (each exposes ``check(doc, context, out)``, appending findings to ``out``):
``document_md``, ``document_links``, ``entries``, ``order``, ``size``, ``duplicates``,
``notifications``. Shared knowledge without findings: ``capabilities`` (the capability
hierarchy, reusable by the crawl and the demo), ``datetimes`` (W3C Datetime) and
``context`` (``ValidationContext``).

Per-entry value rules run in ``entries.check``: one pass over the entries plus bulk
checks of the collected values; the other families walk the entries only when their
document type needs it. Codes live in ``explorer.core.codes.document``.
"""
