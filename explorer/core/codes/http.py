"""Codes from discovery, the crawl, HTTP checks, resource spot checks and dump checks."""

from explorer.core.findings import CodeInfo
from explorer.core.findings import Severity as S

CODES: tuple[CodeInfo, ...] = ()
