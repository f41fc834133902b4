"""Hub workbench templates: every one is a valid notification; Table 2 is followed exactly."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from explorer.core.parser import parse_document
from explorer.core.push.payload_templates import (
    CHANGE_TEMPLATE,
    Template,
    change_notification,
    framework_notification,
    framework_pairs,
    render,
    templates,
)
from explorer.core.validator import ValidationContext, check_bytes

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def test_table_2_pairs_in_spec_order() -> None:
    assert framework_pairs() == [
        ("resourcelist", "created"),
        ("resourcelist", "updated"),
        ("resourcedump", "created"),
        ("changelist", "created"),
        ("changelist", "updated"),
        ("changedump", "created"),
        ("changedump", "updated"),
        ("capabilitylist", "created"),
        ("capabilitylist", "updated"),
        ("capabilitylist", "deleted"),
        ("description", "created"),
        ("description", "updated"),
        ("description", "deleted"),
    ]
    assert len(templates()) == 1 + len(framework_pairs())


@pytest.mark.parametrize("template", templates(), ids=lambda t: t.key)
def test_every_template_is_a_valid_notification(template: Template) -> None:
    data = render(template.key, NOW, count=4)
    result = check_bytes(data, ValidationContext(declared_capability=template.capability))
    assert result.document is not None
    assert result.document.capability == template.capability
    assert result.findings == []


def test_a_pair_outside_table_2_is_refused() -> None:
    with pytest.raises(ValueError, match="Table 2"):
        framework_notification("resourcedump", "deleted", NOW)
    with pytest.raises(ValueError, match="unknown template"):
        render("framework:resourcelist", NOW)


def test_change_notification_has_n_entries_in_its_interval() -> None:
    doc = parse_document(render(CHANGE_TEMPLATE, NOW, count=5, base_url="http://src.test/"))
    assert len(doc.entries) == 5
    assert doc.md["from"] == "2026-03-01T11:59:55Z" and doc.md["until"] == "2026-03-01T12:00:00Z"
    assert [e.change for e in doc.entries] == [
        "created",
        "updated",
        "deleted",
        "created",
        "updated",
    ]
    assert doc.link_href("up") == "http://src.test/dataset1/capabilitylist.xml"
    assert all(e.loc.startswith("http://src.test/") for e in doc.entries)


def test_marker_and_determinism() -> None:
    marked = change_notification(2, NOW, marker="abc")
    assert all("-abc" in (entry.loc or "") for entry in marked.entries)
    assert render(CHANGE_TEMPLATE, NOW, count=3) == render(CHANGE_TEMPLATE, NOW, count=3)
    with pytest.raises(ValueError):
        change_notification(-1, NOW)


def test_up_links_follow_the_framework() -> None:
    assert (
        framework_notification("capabilitylist", "updated", NOW)
        .link_href("up")
        .endswith("/.well-known/resourcesync")
    )
    assert framework_notification("description", "updated", NOW).links == []
    assert (
        framework_notification("changedump", "created", NOW)
        .link_href("up")
        .endswith("/capabilitylist.xml")
    )
