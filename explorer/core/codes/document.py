"""Codes from the parser and the document validator (core 1.1, notification specs, 2012 alpha)."""

from explorer.core.findings import CodeInfo
from explorer.core.findings import Severity as S

CODES: tuple[CodeInfo, ...] = ()
