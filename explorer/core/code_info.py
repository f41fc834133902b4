"""What a finding code is: its severity and spec section. Its words live in the catalog.

Kept apart from ``explorer.core.findings`` so the code registry (``explorer.core.codes``)
and the findings that look codes up import in one direction only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from explorer.core import catalog


class Severity(StrEnum):
    """error: the spec says must; warning: should, or a likely mistake; info: worth knowing."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """A registered finding code: its default severity and the spec section. The title
    is the catalog line keyed by the code, in the file of the code's family."""

    code: str
    severity: Severity
    spec: str | None

    @property
    def title(self) -> str:
        """The English title (``explorer.core.words.messages.render_title`` says it in others)."""
        return catalog.text(self.code)
