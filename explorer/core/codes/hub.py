"""Codes from the hub workbench: publishing and conformance checks."""

from explorer.core.findings import CodeInfo
from explorer.core.findings import Severity as S

CODES: tuple[CodeInfo, ...] = ()
