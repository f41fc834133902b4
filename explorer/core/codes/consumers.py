"""Codes of the consumers family: what a program that reads a Source's documents (a schema
validator, a search engine, a harvester library) will complain about or refuse.

Each is a prediction about another program, made from the explorer's own reading of the
document; the tests hold every one equal to what that program actually does.
"""

from explorer.core.code_info import CodeInfo
from explorer.core.code_info import Severity as S

_SITEMAPS = "sitemaps.org 0.9"

CODES: tuple[CodeInfo, ...] = (
    # xmllint --schema with the sitemaps.org XSDs names this element (one per element).
    CodeInfo("consumers.schema-invalid", S.WARNING, _SITEMAPS),
    # A search engine's "Invalid XML tag" warning, one per parent/tag pair.
    CodeInfo("consumers.unknown-tag", S.WARNING, _SITEMAPS),
    CodeInfo("consumers.not-a-sitemap", S.ERROR, _SITEMAPS),
    CodeInfo("consumers.too-large", S.ERROR, _SITEMAPS),
    CodeInfo("consumers.dropped-more", S.INFO, None),
    CodeInfo("consumers.problems-more", S.INFO, None),
    CodeInfo("consumers.resync-refuses", S.ERROR, None),
    CodeInfo("consumers.scrapy-ignores", S.WARNING, None),
    CodeInfo("consumers.advertools-fails", S.ERROR, None),
)
