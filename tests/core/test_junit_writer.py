"""The JUnit writer keeps a hostile message from breaking the file: markup is escaped and
characters XML 1.0 cannot hold become U+FFFD."""

from __future__ import annotations

from pathlib import Path

from junitparser import Failure, JUnitXml

from explorer.core.findings import finding
from explorer.core.junit import JUnitSuite, findings_case, junit_xml


def test_control_characters_and_markup_survive_a_junit_reader(tmp_path: Path) -> None:
    hostile = "bad\x01value <script>alert(1)</script> ]]> &amp;"
    error = finding("document.lastmod-invalid", hostile, line=3, params={"value": hostile})
    case = findings_case("https://example.org/<x>", "validate", [error])
    path = tmp_path / "junit.xml"
    path.write_bytes(junit_xml([JUnitSuite("validate", [case])]))
    (suite,) = list(JUnitXml.fromfile(str(path)))
    (read,) = list(suite)
    (failure,) = [r for r in read.result if isinstance(r, Failure)]
    assert read.name == "https://example.org/<x>"
    assert "bad\ufffdvalue <script>alert(1)</script> ]]> &amp;" in failure.text
    assert "line 3" in failure.text and "core 1.1" in failure.text
    assert suite.tests == 1 and suite.failures == 1
