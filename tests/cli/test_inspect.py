"""``inspect``: the demo from its root and from a resource, JSON shape, exit codes, output."""

from __future__ import annotations

import asyncio
import io
import json

import httpx
import pytest
from aiohttp import web
from helpers.loopback import loopback

from explorer.cli import main
from explorer.cli.inspect import _ProgressLine
from explorer.core.parser import parse_document
from explorer.net.source.crawl_tree import Progress


async def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    """Run the command in a worker thread (it owns its event loop) while the demo serves."""
    code = await asyncio.to_thread(main, ["inspect", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


async def test_json_from_the_root_url(demo, capsys) -> None:
    code, out, err = await run_cli(capsys, demo.base_url, "--json")
    data = json.loads(out)
    assert code == 0 and err == ""
    assert data["source"] == demo.source_description_url and data["route"] == "html-link"
    assert [d["route"] for d in data["discovery"]] == [
        "direct",
        "link-header",
        "html-link",
        "well-known",
        "robots",
    ]
    assert {d["route"] for d in data["discovery"] if d["ok"]} == {
        "html-link",
        "well-known",
        "robots",
    }
    assert len(data["documents"]) > 10
    assert data["documents"][0] == {
        "url": demo.source_description_url,
        "capability": "description",
        "root": "urlset",
        "status": 200,
        "entries": 2,
        "parent": None,
        "findings": [],
    }
    assert sorted((c["topic"], c["hub"]) for c in data["channels"]) == sorted(
        (c.topic, c.hub) for c in demo.channels
    )
    assert all(
        set(c) == {"topic", "hub", "capability", "capability_list", "findings"}
        for c in data["channels"]
    )


async def test_from_a_resource_url_with_depth(demo, capsys) -> None:
    async with httpx.AsyncClient() as client:
        capability_list = parse_document((await client.get(demo.capability_list_urls[1])).content)
        index_url = next(e.loc for e in capability_list.entries if e.capability == "resourcelist")
        index = parse_document((await client.get(index_url)).content)
        component = parse_document((await client.get(index.entries[0].loc)).content)
    code, out, _ = await run_cli(capsys, component.entries[0].loc, "--json", "--depth", "1")
    data = json.loads(out)
    assert code == 0 and data["source"] == demo.source_description_url
    assert next(d for d in data["discovery"] if d["route"] == "link-header")["ok"]
    assert {d["capability"] for d in data["documents"]} == {"description", "capabilitylist"}


@pytest.mark.parametrize(("path", "route"), [("robots.txt", "robots"), ("", "html-link")])
async def test_from_robots_txt_or_an_html_page(demo, capsys, path: str, route: str) -> None:
    code, out, _ = await run_cli(capsys, demo.base_url + path, "--json", "--depth", "0")
    data = json.loads(out)
    assert code == 0 and data["source"] == demo.source_description_url
    assert next(d for d in data["discovery"] if d["route"] == route)["ok"]


async def test_one_route_alone(demo, capsys) -> None:
    code, out, _ = await run_cli(
        capsys, demo.base_url, "--json", "--depth", "0", "--route", "well-known"
    )
    data = json.loads(out)
    assert code == 0 and data["source"] == demo.source_description_url
    assert [(d["route"], d["ok"]) for d in data["discovery"]] == [("well-known", True)]
    assert data["route"] == "well-known"


async def test_a_route_that_finds_nothing_alone_exits_2(demo, capsys) -> None:
    """The demo's home page has no Link header: on its own that route finds no Source."""
    code, out, _ = await run_cli(
        capsys, demo.base_url, "--json", "--route", "link-header", "--route", "direct"
    )
    data = json.loads(out)
    assert code == 2 and data["source"] is None
    assert {d["route"] for d in data["discovery"]} == {"link-header", "direct"}
    assert not any(d["ok"] for d in data["discovery"])


async def test_human_tree_with_findings_under_nodes(demo, capsys) -> None:
    demo.faults.enable("wrong-content-type")
    code, out, err = await run_cli(capsys, demo.base_url, "--depth", "2")
    assert code == 1  # documents: a warning; topic URIs: an error (must be application/xml)
    assert "Source Description" in out and "├── Capability List" in out
    assert "warning: http.content-type" in out and "error: http.topic-content-type" in out
    assert "channel change-notification" in out and f"hub {demo.hub_url}" in out
    assert "\r" not in err  # no progress line when stderr is not a terminal


async def test_error_findings_exit_1(demo, capsys) -> None:
    demo.faults.enable("malformed-xml")
    code, out, _ = await run_cli(capsys, demo.base_url, "--json")
    assert code == 1
    assert any(
        f["severity"] == "error" for d in json.loads(out)["documents"] for f in d["findings"]
    )


async def test_spot_checks_and_dumps_on_the_demo_are_clean(demo, capsys) -> None:
    code, out, _ = await run_cli(
        capsys, demo.source_description_url, "--json", "--check-resources", "2", "--check-dumps"
    )
    assert code == 0
    codes = {f["code"] for d in json.loads(out)["documents"] for f in d["findings"]}
    assert not {c for c in codes if c.startswith(("http.resource", "http.dump"))}


async def test_nothing_discovered_exits_2(capsys) -> None:
    async with loopback(web.Application()) as site:
        code, out, _ = await run_cli(capsys, site.url("/"), "--json")
    data = json.loads(out)
    assert code == 2 and data["source"] is None and data["documents"] == []
    assert [f["code"] for f in data["findings"]] == ["http.discovery-failed"]


def test_an_unknown_route_exits_2(capsys) -> None:
    assert main(["inspect", "http://127.0.0.1:9/", "--route", "carrier-pigeon"]) == 2
    assert "invalid" in capsys.readouterr().err


def test_bad_arguments_exit_2(capsys) -> None:
    assert main(["inspect", "http://x/", "--depth", "-1"]) == 2
    assert main(["inspect", "http://x/", "--timeout", "0"]) == 2
    assert main(["inspect", "file:///etc/passwd"]) == 2
    assert "not an http(s) URL" in capsys.readouterr().err


def test_progress_line_overwrites_itself() -> None:
    stream = io.StringIO()
    line = _ProgressLine(stream)
    line.update(Progress(1, 3, 100))
    line.update(Progress(3, 3, 5000))
    line.clear()
    text = stream.getvalue()
    assert "1/3 documents, 100 B" in text and "3/3 documents, 4.9 KiB" in text
    assert text.endswith("\r") and "\n" not in text


def _closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_refused_connection_is_said_once_not_per_route(capsys) -> None:
    port = _closed_port()
    code, out, _err = await run_cli(capsys, f"http://127.0.0.1:{port}/dataset1/capabilitylist.xml")
    assert code == 2
    assert out.count(f"nothing listens on 127.0.0.1:{port}") == 1, out
    assert "ConnectError" not in out


async def test_a_scheme_less_address_is_opened_saying_what_was_assumed(demo, capsys) -> None:
    typed = demo.base_url.removeprefix("http://") + "/"
    code, out, err = await run_cli(capsys, typed, "--json")
    assert code == 0, err
    assert json.loads(out)["source"] == demo.source_description_url
    assert err == f"inspect: no scheme given: taken as http://{typed} " + (
        "(http for a loopback or private host)\n"
    )
