"""How a Source was found and what stopped it, as the address bar and Problems say it.

The words keep the ``MainWindow`` translation context they were written under.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from explorer.core.words.engine_words import said_or_quoted
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.ui.language import ui_language

if TYPE_CHECKING:  # the engines are imported after the window shows
    from explorer.net.source.crawl_tree import CrawlResult, DocumentNode
    from explorer.net.source.discovery import RouteAttempt

ROUTE_TEXT = {  # keyed by explorer.net.source.discovery.Route values (a StrEnum: equal to these)
    "well-known": QT_TRANSLATE_NOOP("MainWindow", "found via /.well-known/resourcesync"),
    "link-header": QT_TRANSLATE_NOOP(
        "MainWindow", "found via an HTTP Link header (rel=resourcesync)"
    ),
    "html-link": QT_TRANSLATE_NOOP("MainWindow", 'found via an HTML <link rel="resourcesync">'),
    "robots": QT_TRANSLATE_NOOP("MainWindow", "found via robots.txt Sitemap lines"),
    "direct": QT_TRANSLATE_NOOP("MainWindow", "the address is a ResourceSync document"),
}
"""Shown through ``route_text``, in the interface language."""
ROUTE_NAMES = {  # the same keys: each route as the tooltip of the address lists it
    "direct": QT_TRANSLATE_NOOP("MainWindow", "the address"),
    "link-header": QT_TRANSLATE_NOOP("MainWindow", "Link header"),
    "html-link": QT_TRANSLATE_NOOP("MainWindow", "HTML link"),
    "well-known": QT_TRANSLATE_NOOP("MainWindow", "/.well-known/resourcesync"),
    "robots": QT_TRANSLATE_NOOP("MainWindow", "robots.txt"),
}
SOURCE_LEVEL = frozenset({"description", "capabilitylist"})
"""Capabilities whose entries are documents of the Source, not resources to check."""
DUMPS = frozenset({"resourcedump", "changedump"})
"""Capabilities with packages a dump check can download (core 1.1 §10, §14)."""


def route_text(route: object) -> str:
    """How the Source Description was found, in the interface language."""
    known = ROUTE_TEXT.get(str(route))
    if known is None:
        return QCoreApplication.translate("MainWindow", "found via {route}").format(route=route)
    return QCoreApplication.translate("MainWindow", known)


def detail(attempt: RouteAttempt) -> str:
    """What a route found, in the interface language (words from outside quoted)."""
    return said_or_quoted(attempt.phrase, ui_language())


def discovery_text(result: CrawlResult) -> tuple[str, str]:
    """A short outcome for the address bar and every route tried for its tooltip."""
    discovery = result.discovery
    names = {
        route: QCoreApplication.translate("MainWindow", name) for route, name in ROUTE_NAMES.items()
    }
    tried = "\n".join(
        f"{'✓' if a.ok else '✗'} {names.get(str(a.route), a.route)}: {a.url} — {detail(a)}"
        for a in discovery.attempts
    )
    if tried:
        tried = QCoreApplication.translate("MainWindow", "Discovery routes tried:") + "\n" + tried
    if discovery.route is None:
        return QCoreApplication.translate("MainWindow", "no Source Description found"), tried
    return route_text(discovery.route), tried


def start_problem(url: str, result: CrawlResult) -> str | None:
    """Why the address itself was not what opened: a document URL that failed (a 404, a
    typo) while another route found the Source. None when the address was used."""
    discovery = result.discovery
    if result.root is None or discovery.route == "direct":
        return None
    start = discovery.fetched.get(url)
    if start is None or start.ok:
        return None
    return QCoreApplication.translate(
        "MainWindow",
        "{url} could not be read ({error}); showing instead the Source Description "
        "that was {route}.",
    ).format(url=url, error=start.describe_error(), route=route_text(discovery.route))


def unreadable_start(result: CrawlResult) -> bool:
    """The address answered with a body that is not HTML yet no route could read it as
    a ResourceSync document: most likely broken XML, worth showing as text."""
    discovery = result.discovery
    start = discovery.fetched.get(discovery.start_url)
    direct = next((a for a in discovery.attempts if a.route == "direct"), None)
    return (
        start is not None
        and start.ok
        and (start.content_type or "") not in ("text/html", "application/xhtml+xml")
        and direct is not None
        and not direct.ok
    )


def being_read(node: DocumentNode) -> bool:
    """Fetching, or fetched and still being parsed (no document and no parse finding yet)."""
    from explorer.net.source.crawl_tree import NodeState

    return node.state is NodeState.LOADING or (
        node.state is NodeState.LOADED
        and node.document is None
        and not any(f.code.startswith("parse.") for f in node.findings)
    )
