"""Codes from the parser: well-formedness, safety refusals, namespaces, legacy syntax."""

from explorer.core.findings import CodeInfo
from explorer.core.findings import Severity as S

CODES: tuple[CodeInfo, ...] = ()
