"""Checks between documents: what a crawl learns by following links (core 1.1 §6.1, §6.2).

Pure functions over capabilities and roots already known, so the crawl decides what to
fetch and these decide what is wrong. The capability hierarchy itself lives in
``explorer.core.rules.capabilities``.
"""

from __future__ import annotations

from explorer.core.findings import Finding, finding
from explorer.core.model import SITEMAPINDEX
from explorer.core.rules.capabilities import (
    allowed_child_capabilities,
    display_name,
    expected_up_capability,
)
from explorer.core.rules.phrases import and_list
from explorer.core.words.messages import said


def check_child_capability(
    parent_capability: str | None,
    parent_is_index: bool,
    child_capability: str | None,
    url: str,
    line: int | None = None,
) -> list[Finding]:
    """A document's capability must be one its parent may list (§6.1, §8, §9).

    The validator already judges a capability the parent declared (its entry rules) and
    a served capability that differs from the declared one (``document.capability-mismatch``);
    the crawl calls this only when the parent declared nothing, so nothing is said twice.
    """
    if parent_capability is None or child_capability is None:
        return []
    allowed = allowed_child_capabilities(parent_capability, parent_is_index)
    if not allowed or child_capability in allowed:
        return []
    parent_name = display_name(parent_capability, parent_is_index)
    return [
        finding(
            "http.child-capability",
            line=line,
            url=url,
            params={
                "child_name": display_name(child_capability),
                "child": child_capability,
                "parent_name": parent_name,
                "allowed": ", ".join(sorted(allowed)),
            },
        )
    ]


def check_up_target(
    capability: str | None,
    target_capability: str | None,
    target_url: str,
    url: str,
    line: int | None = None,
) -> list[Finding]:
    """An ``up`` link must point at the next level of the hierarchy (§6.2)."""
    expected = expected_up_capability(capability)
    if expected is None or target_capability == expected:
        return []
    return [
        finding(
            "http.up-target",
            line=line,
            url=url,
            params={
                "target": target_url,
                "name": display_name(capability),
                "expected_name": display_name(expected),
                "found_name": display_name(target_capability),
                "found": target_capability,
            },
            variant="" if target_capability else "none",
        )
    ]


def check_index_target(
    capability: str | None,
    target_root: str | None,
    target_capability: str | None,
    target_url: str,
    url: str,
    line: int | None = None,
) -> list[Finding]:
    """An ``index`` link must point at a <sitemapindex> with the same capability (§6.2)."""
    problems: list[object] = []
    if target_root != SITEMAPINDEX:
        problems.append(
            said("http.index-target-root", root=target_root)
            if target_root
            else said("http.index-target-not-a-document")
        )
    if capability is not None and target_capability != capability:
        problems.append(
            said("http.index-target-capability", found=target_capability, expected=capability)
        )
    if not problems:
        return []
    return [
        finding(
            "http.index-target",
            line=line,
            url=url,
            params={"target": target_url, "problems": and_list(problems)},
        )
    ]
