"""Codes from the subscriber, the callback server and notification deliveries (WebSub)."""

from explorer.core.findings import CodeInfo
from explorer.core.findings import Severity as S

CODES: tuple[CodeInfo, ...] = ()
