"""What the network engine reported, said in the command line's language.

The engine keeps its English for ``--json`` (a discovery attempt's ``detail``, a fetch
error); these functions give the same facts in another language through the catalog,
quoting what came from outside (a library's or a server's own words) verbatim behind a
lead-in of the reader's language.

Every command imports this module, so it imports only what every command needs: the
conformance checks (aiohttp) and the demo are imported where they are used, and the
engine's records are named for type checking only. Importing them here cost ``inspect``
0.25 s of CPU at start (Python without cached bytecode).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from explorer.core import catalog
from explorer.core.words.engine_words import event_detail as event_detail
from explorer.core.words.engine_words import event_name as event_name
from explorer.core.words.engine_words import flavour_word as flavour_word
from explorer.core.words.engine_words import state_word as state_word
from explorer.core.words.messages import ENGLISH, render_phrase
from explorer.core.words.text_width import widest

if TYPE_CHECKING:
    from explorer.net.http.fetcher import FetchResult
    from explorer.net.live.publisher import PublishResult
    from explorer.net.source.discovery import RouteAttempt
    from explorer.net.store.records import ExchangeRecord


def attempt_detail(attempt: RouteAttempt, lang: str = ENGLISH) -> str:
    """A discovery route's outcome in ``lang`` (its ``detail`` in English)."""
    if lang == ENGLISH:
        return attempt.detail
    return render_phrase(attempt.phrase, lang)


def fetch_problem(fetch: FetchResult, lang: str = ENGLISH) -> str:
    """Why a fetch failed, in ``lang``: the error's code and the outside words quoted."""
    if lang == ENGLISH:
        return fetch.describe_error()
    return catalog.text("discovery.fetch", lang, reason=render_phrase(fetch.problem(), lang))


def exchange_line(record: ExchangeRecord, lang: str = ENGLISH) -> str:
    """One HTTP exchange as ``describe_exchange`` writes it, its kind in ``lang``."""
    from explorer.net.conformance import describe_exchange

    if lang == ENGLISH:
        return describe_exchange(record)
    key = f"cli.exchange.kind-{record.kind}"
    kind = catalog.text(key, lang) if catalog.has(key, lang) else record.kind
    return describe_exchange(replace(record, kind=kind), column_width("cli.exchange.kind-", lang))


def column_width(prefix: str, lang: str, at_least: int = 12) -> int:
    """Terminal columns for a column of the catalog's words under ``prefix`` in ``lang``:
    the widest of them, so a line after the longest translated word still lines up."""
    lines = catalog.area(prefix.partition(".")[0]).items()
    return widest((line[lang] for key, line in lines if key.startswith(prefix)), at_least)


def response_text(result: PublishResult, lang: str = ENGLISH) -> str:
    """A hub's answer to a publication as it came over the wire (its status line, headers
    and body are the hub's own), or, without one, why, in ``lang``."""
    if result.status is None:
        return catalog.text("cli.publish.no-response", lang, hub=result.hub, reason=result.error)
    return catalog.text("cli.publish.response", lang, response=result.response_text())


def fault_text(name: str, lang: str = ENGLISH) -> str:
    """What the demo's fault ``name`` does, in ``lang``."""
    from explorer.demo import FAULTS

    key = f"demo.fault-{name}"
    return catalog.text(key, lang) if catalog.has(key, lang) else FAULTS[name]
