"""The demo shows problems without any fault on: one Change List is wrong on purpose."""

from __future__ import annotations

import httpx

from explorer.core.findings import Severity
from explorer.core.validator import check_bytes
from explorer.demo import RunningDemo


async def test_the_flawed_example_has_findings_with_no_fault_on(demo: RunningDemo) -> None:
    assert not list(demo.faults)
    async with httpx.AsyncClient() as client:
        response = await client.get(demo.flawed_document_url)
        landing = await client.get(demo.base_url)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/xml")
    result = check_bytes(response.content)
    errors = {f.code for f in result.findings if f.severity is Severity.ERROR}
    assert {
        "document.time-missing",
        "document.out-of-order",
        "document.change-missing",
        "document.datetime-invalid",
        "document.loc-not-absolute",
        "document.change-invalid",
    } <= errors
    assert demo.flawed_document_url in landing.text  # a librarian finds it from the start page
    assert demo.base_url in response.text  # its entries point into this demo's own port
