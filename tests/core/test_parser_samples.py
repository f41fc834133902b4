"""The bundled samples (the README's run command validates one) stay readable and valid."""

from __future__ import annotations

from pathlib import Path

import pytest

from explorer.core.findings import Severity
from explorer.core.parser import parse_document
from explorer.core.validator import validate_document

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"
CURRENT = {
    "sourcedescription.xml": "description",
    "capabilitylist.xml": "capabilitylist",
    "resourcelist.xml": "resourcelist",
    "changelist.xml": "changelist",
    "change-notification.xml": "change-notification",
    "framework-notification.xml": "framework-notification",
}


@pytest.mark.parametrize(("name", "capability"), sorted(CURRENT.items()))
def test_current_samples_parse_cleanly_and_validate_without_errors(
    name: str, capability: str
) -> None:
    doc = parse_document((SAMPLES / name).read_bytes())
    assert doc.capability == capability
    assert doc.entries
    assert doc.findings == []
    assert not [f for f in validate_document(doc) if f.severity is Severity.ERROR]


def test_legacy_sample_is_read_as_a_change_list_with_warnings_only() -> None:
    doc = parse_document((SAMPLES / "legacy-changeset-2012.xml").read_bytes())
    assert doc.legacy
    assert doc.capability == "changelist"
    assert [e.change for e in doc.entries] == ["updated", "deleted", "created"]
    assert doc.entries[0].hash == "md5:edb172bbafc422061b3f171afcfdf8cc"
    assert {f.severity for f in doc.findings} == {Severity.WARNING}
    assert not [f for f in validate_document(doc) if f.severity is Severity.ERROR]
