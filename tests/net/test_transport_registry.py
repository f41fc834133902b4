"""Push transports are peers in one registry: each entry a class implementing
``PushTransport`` with its facts, and no module outside the registry tells transports or
hub dialects apart by name (it asks the registry's facts instead)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import explorer
from explorer.core.push import legacy_push
from explorer.net.live import transports
from explorer.net.live.parts import SessionTransport
from explorer.net.live.session import transport_class

PACKAGE = Path(explorer.__file__).parent
REGISTRY_MODULE = Path(transports.__file__)
NAMES = {*transports.kinds(), transports.DIALECT_WEBSUB, transports.DIALECT_PUBSUBHUBBUB_04}
"""The transport kinds and hub dialects, as stored and printed."""
NAME_CONSTANTS = {
    "WEBSUB",
    "HTTP_CALLBACK_2012",
    "XMPP_PUBSUB_2012",
    "DIALECT_WEBSUB",
    "DIALECT_PUBSUBHUBBUB_04",
    "XMPP",
    "CALLBACK",
    "FORMS",
}
"""Constants that hold those names (the registry's, and the 2012 link forms')."""
NAME_FIELDS = {"flavour", "dialect"}
"""Fields that hold a dialect (or, stored, a transport kind): comparing one is branching on
a name. (``transport`` is not here: asyncio and httpx have transports of their own.)"""


def name_comparisons(source: str) -> list[str]:
    """Each comparison in ``source`` against a transport or dialect name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        named = [_name_in(operand) for operand in (node.left, *node.comparators)]
        found += [f"line {node.lineno}: {name}" for name in named if name is not None][:1]
    return found


def _name_in(operand: ast.expr) -> str | None:
    if isinstance(operand, ast.Tuple | ast.List | ast.Set):
        return next(filter(None, map(_name_in, operand.elts)), None)
    if isinstance(operand, ast.Constant) and operand.value in NAMES:
        return repr(operand.value)
    if isinstance(operand, ast.Name) and operand.id in NAME_CONSTANTS | NAME_FIELDS:
        return operand.id
    if isinstance(operand, ast.Attribute) and operand.attr in NAME_CONSTANTS | NAME_FIELDS:
        return f".{operand.attr}"
    return None


def test_the_scan_finds_a_comparison_by_name_in_every_shape() -> None:
    source = (
        'a = flavour == "2012-xmpp"\n'
        "b = sub.flavour in FORMS\n"
        "c = view.transport != transports.WEBSUB\n"
        'd = "pubsubhubbub-0.4" == x\n'
        'f = kind in ("2012-xmpp", "2012-callback")\n'
        "e = transports.facts(sub.transport).leases\n"  # asking the registry: fine
    )
    assert len(name_comparisons(source)) == 5
    assert name_comparisons("e = transports.facts(sub.transport).leases\n") == []


def test_no_module_outside_the_registry_compares_a_transport_or_dialect_name() -> None:
    found = {
        str(path.relative_to(PACKAGE)): hits
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != REGISTRY_MODULE and (hits := name_comparisons(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_each_entry_is_a_push_transport_stating_its_facts() -> None:
    protocol = {
        name
        for name, _ in inspect.getmembers(SessionTransport, callable)
        if not name.startswith("_")
    }
    assert {"for_session", "subscribe_channel", "subscribe", "unsubscribe", "close"} <= protocol
    for entry in transports.REGISTRY:
        made = transport_class(entry)
        missing = {name for name in protocol if not callable(getattr(made, name, None))}
        assert missing == set(), (entry.facts.kind, missing)
        assert transports.facts(entry.facts.kind) is entry.facts


def test_a_2012_link_form_is_the_kind_of_its_transport() -> None:
    """The parser (core, below the registry) names a push link's form; the registry finds
    its transport by that same string."""
    assert legacy_push.XMPP == transports.XMPP_PUBSUB_2012
    assert legacy_push.CALLBACK == transports.HTTP_CALLBACK_2012
    assert transports.facts(legacy_push.XMPP).needs_xmpp_account


def test_a_stored_flavour_reads_back_as_transport_and_dialect() -> None:
    """Rows and events keep the one string earlier releases wrote."""
    for kind, dialect, mark in [
        (transports.WEBSUB, None, None),
        (transports.WEBSUB, "websub", "websub"),
        (transports.WEBSUB, "pubsubhubbub-0.4", "pubsubhubbub-0.4"),
        (transports.HTTP_CALLBACK_2012, None, "2012-callback"),
        (transports.XMPP_PUBSUB_2012, None, "2012-xmpp"),
    ]:
        assert transports.stored_mark(kind, dialect) == mark
        assert transports.read_mark(mark) == (kind, dialect)
