"""Codes from reading a Source's robots.txt as Python's robotparser and Protego read it.

Core 1.1 §6.3.4 makes robots.txt one way to discover a Source: its ``Sitemap:`` lines name
the Resource Lists (and Change Lists). A line that one reader drops, or that names a list
by a URL no harvester can fetch, hides the list from that reader without any error.
"""

from explorer.core.code_info import CodeInfo
from explorer.core.code_info import Severity as S

CODES: tuple[CodeInfo, ...] = (
    CodeInfo("robots.readers-differ", S.WARNING, "core 1.1 §6.3.4"),
    CodeInfo("robots.sitemap-line-lost", S.WARNING, "core 1.1 §6.3.4"),
    CodeInfo("robots.relative-sitemap", S.WARNING, "core 1.1 §6.3.4"),
    CodeInfo("robots.not-utf8", S.WARNING, "core 1.1 §6.3.4"),
    CodeInfo("robots.too-large", S.WARNING, None),
    CodeInfo("robots.list-not-named", S.WARNING, "core 1.1 §6.3.4"),
)
