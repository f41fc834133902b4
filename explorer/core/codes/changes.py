"""Codes from change tracking: notifications that contradict what the explorer knew."""

from explorer.core.findings import CodeInfo
from explorer.core.findings import Severity as S

CODES: tuple[CodeInfo, ...] = ()
