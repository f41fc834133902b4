"""The capability hierarchy (core 1.1 §6.1, §8-§13; notification specs §3, §5)."""

from __future__ import annotations

from explorer.core.rules import capabilities as caps


def test_source_description_lists_capability_lists_only() -> None:
    assert caps.allowed_child_capabilities("description") == {"capabilitylist"}


def test_capability_list_lists_capability_documents_and_channels() -> None:
    allowed = caps.allowed_child_capabilities("capabilitylist")
    assert {
        "resourcelist",
        "changelist",
        "resourcedump",
        "changedump",
        "change-notification",
        "framework-notification",
    } <= allowed
    assert "capabilitylist" not in allowed and "description" not in allowed
    assert "resourcedump-manifest" not in allowed


def test_an_index_lists_its_own_capability() -> None:
    assert caps.allowed_child_capabilities("changelist", parent_is_index=True) == {"changelist"}


def test_resource_lists_list_no_capabilities() -> None:
    assert caps.allowed_child_capabilities("resourcelist") == frozenset()


def test_framework_notifications_report_on_documents() -> None:
    allowed = caps.allowed_child_capabilities("framework-notification")
    assert {"resourcelist", "capabilitylist", "description"} <= allowed
    assert "change-notification" not in allowed


def test_up_targets() -> None:
    assert caps.expected_up_capability("capabilitylist") == "description"
    for capability in ("resourcelist", "changedump-manifest", "change-notification"):
        assert caps.expected_up_capability(capability) == "capabilitylist"
    assert caps.expected_up_capability("description") is None
    assert caps.expected_up_capability("nonsense") is None


def test_up_required_except_description_and_notifications() -> None:
    assert caps.up_required("resourcelist")
    assert not caps.up_required("description")
    assert not caps.up_required("framework-notification")


def test_which_capabilities_can_be_indexes() -> None:
    assert caps.can_be_index("resourcelist") and caps.can_be_index("changedump")
    assert not caps.can_be_index("resourcedump-manifest")
    assert not caps.can_be_index("change-notification")


def test_framework_table_2() -> None:
    assert caps.FRAMEWORK_CHANGES["resourcedump"] == {"created"}
    assert "deleted" not in caps.FRAMEWORK_CHANGES["resourcelist"]
    assert "deleted" in caps.FRAMEWORK_CHANGES["description"]


def test_display_names() -> None:
    assert caps.display_name("resourcelist", is_index=True) == "Resource List Index"
    assert caps.display_name("changedump-manifest") == "Change Dump Manifest"
    assert caps.display_name("odd") == "'odd' document"
