"""Relation checks between documents (core 1.1 §6.1, §6.2): each trips and passes."""

from __future__ import annotations

from explorer.core.relations import check_child_capability, check_index_target, check_up_target


def codes(findings) -> list[str]:
    return [f.code for f in findings]


def test_up_target() -> None:
    assert check_up_target("resourcelist", "capabilitylist", "http://h/cl", "http://h/rl") == []
    assert check_up_target("capabilitylist", "description", "http://h/sd", "http://h/cl") == []
    wrong = check_up_target("resourcelist", "description", "http://h/sd", "http://h/rl", line=3)
    assert codes(wrong) == ["http.up-target"] and wrong[0].line == 3
    assert "Capability List" in wrong[0].message
    assert codes(check_up_target("changelist", None, "http://h/x", "http://h/c")) == [
        "http.up-target"
    ]
    assert check_up_target("description", "whatever", "http://h/x", "http://h/sd") == []


def test_index_target() -> None:
    assert check_index_target("resourcelist", "sitemapindex", "resourcelist", "i", "u") == []
    assert codes(check_index_target("resourcelist", "urlset", "resourcelist", "i", "u")) == [
        "http.index-target"
    ]
    mismatch = check_index_target("resourcelist", "sitemapindex", "changelist", "i", "u")
    assert codes(mismatch) == ["http.index-target"] and "changelist" in mismatch[0].message


def test_child_capability() -> None:
    assert check_child_capability("description", False, "capabilitylist", "u") == []
    assert check_child_capability("capabilitylist", False, "changedump", "u") == []
    assert check_child_capability("resourcelist", True, "resourcelist", "u") == []
    assert codes(check_child_capability("description", False, "resourcelist", "u")) == [
        "http.child-capability"
    ]
    assert codes(check_child_capability("changelist", True, "resourcelist", "u")) == [
        "http.child-capability"
    ]
    assert check_child_capability(None, False, "resourcelist", "u") == []
