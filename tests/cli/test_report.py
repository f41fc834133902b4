"""``inspect --report FILE.html|FILE.csv``: a page to hand over, read by a real browser.

The page of the demo Source with faults on must list every finding ``--json`` lists (the
same codes, the same counts), load nothing (a strict Content-Security-Policy, no script,
no src), render in headless Chromium with no network request in its net log, read in
Japanese with ``--lang ja``, and show hostile locs as text."""

from __future__ import annotations

import asyncio
import csv
import json
import re
import shutil
import subprocess
import tempfile
from collections import Counter
from collections.abc import AsyncIterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from explorer.cli import main
from explorer.demo.server import RunningDemo, start_demo
from explorer.net.reports.report_html import CSP

FAULTS = ("wrong-content-type", "wrong-namespace", "malformed-xml", "missing-link-header")
ALLOWED_TAGS = {
    "html", "head", "meta", "title", "style", "body", "h1", "h2", "p", "dl", "dt", "dd",
    "table", "tr", "th", "td", "ul", "li", "span", "code", "br", "section",
}  # fmt: skip


@pytest.fixture
async def demo() -> AsyncIterator[RunningDemo]:
    running = await start_demo(rate=0, faults=FAULTS)
    try:
        yield running
    finally:
        await running.stop()


class _Page(HTMLParser):
    """Every tag and attribute of the page, and the finding rows' codes and counts."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.counts: Counter[str] = Counter()
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag == "tr" and attributes.get("class") == "finding":
            self.counts[attributes["data-code"] or ""] += int(attributes["data-count"] or 0)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _page(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


def _json_counts(data: dict) -> Counter[str]:
    counts: Counter[str] = Counter(item["code"] for item in data["findings"])
    for document in data["documents"]:
        counts.update(item["code"] for item in document["findings"])
    for channel in data["channels"]:
        counts.update(item["code"] for item in channel["findings"])
    return counts


def _assert_loads_nothing(page: _Page) -> None:
    tags = {tag for tag, _ in page.tags}
    assert tags <= ALLOWED_TAGS, tags - ALLOWED_TAGS
    for _tag, attributes in page.tags:
        assert not {name for name in attributes if name.startswith("on")}
        assert "src" not in attributes and "href" not in attributes
    policies = [
        a["content"] for t, a in page.tags if a.get("http-equiv") == "Content-Security-Policy"
    ]
    assert policies == [CSP] == ["default-src 'none'; style-src 'unsafe-inline'"]


async def _inspect(capsys, *argv: str) -> tuple[int, str]:
    code = await asyncio.to_thread(main, ["inspect", *argv])
    return code, capsys.readouterr().out


async def test_the_report_lists_every_finding_of_the_json(demo, tmp_path: Path, capsys) -> None:
    report, table = tmp_path / "report.html", tmp_path / "report.csv"
    code, out = await _inspect(capsys, demo.base_url, "--json", "--report", str(report))
    data = json.loads(out)
    expected = _json_counts(data)
    assert code == 1 and sum(expected.values()) > 20 and len(expected) > 5
    page = _page(report.read_text(encoding="utf-8"))
    assert page.counts == expected
    _assert_loads_nothing(page)
    text = "".join(page.text)
    for heading in ("Required", "Recommended", "Informational", "Discovery", "Documents"):
        assert heading in text
    assert data["source"] in text and "core 1.1 §4" in text
    for channel in data["channels"]:
        assert channel["topic"] in text
    await _inspect(capsys, demo.base_url, "--report", str(table))
    with table.open(encoding="utf-8-sig", newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert Counter(row["code"] for row in rows) == expected
    assert {row["group"] for row in rows} <= {"Required", "Recommended", "Informational"}


async def test_the_report_reads_in_japanese(demo, tmp_path: Path, capsys) -> None:
    report = tmp_path / "report.html"
    await _inspect(capsys, demo.base_url, "--lang", "ja", "--report", str(report))
    html = report.read_text(encoding="utf-8")
    text = "".join(_page(html).text)
    assert '<html lang="ja">' in html
    for words in ("ResourceSync レポート", "必須", "推奨", "検出", "機能リスト", "ソースの記述"):
        assert words in text
    # 「必須（10）」 and 「[読み込み済み、200、…]」, not 「必須 (10)」 or 「, 」
    japanese = "[\u3040-\u30ff\u4e00-\u9fff]"
    assert not re.findall(rf".{{0,20}}{japanese} ?\(.{{0,20}}", text)
    assert not re.findall(rf".{{0,20}}{japanese}, .{{0,20}}", text)
    for banned in (
        "ケイパビリティ",
        "チェンジリスト",
        "ソースディスクリプション",
        "ディスカバリー",
        "チャネル",
    ):
        assert banned not in html.split("<h2>", 1)[0] + html.split("<section", 1)[0]


def test_hostile_locs_are_text(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "site"
    (folder / ".well-known").mkdir(parents=True)
    hostile = 'https://example.org/<script>alert(1)</script>"><img src=x onerror=alert(2)>.xml'
    body = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/'
        'sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">\n<rs:md capability='
        '"description"/>\n<url><loc>'
        + hostile.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        + '</loc><rs:md capability="capabilitylist"/></url>\n</urlset>\n'
    )
    (folder / ".well-known" / "resourcesync").write_text(body, encoding="utf-8")
    report = tmp_path / "hostile.html"
    main(["inspect", str(folder), "--base-url", "https://example.org/", "--report", str(report)])
    capsys.readouterr()
    html = report.read_text(encoding="utf-8")
    page = _page(html)
    _assert_loads_nothing(page)
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "alert(1)</script>" in "".join(page.text)  # shown, as text


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "headless Chromium is needed: apt-get install -y chromium"
    return found


def _headless(page: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run(
            [
                _chromium(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                f"--user-data-dir={profile}",
                *extra,
                page.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )


def _page_requests(net_log: Path) -> list[str]:
    """URLs the page itself asked for: requests whose initiator is a document's origin.
    The browser's own background calls (update checks, accounts) say "not an origin"."""
    text = net_log.read_text(encoding="utf-8").rstrip()
    if not text.endswith("}"):  # a log cut at exit lacks its closing brackets
        text = text.rstrip(",") + "]}"
    log = json.loads(text)
    start_job = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    return [
        event["params"]["url"]
        for event in log["events"]
        if event["type"] == start_job
        and event.get("params", {}).get("initiator", "not an origin") != "not an origin"
    ]


def _render(page: Path, net_log: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return _headless(
        page, f"--log-net-log={net_log}", "--host-resolver-rules=MAP * ~NOTFOUND", *extra
    )


async def test_the_report_renders_in_chromium_without_a_request(
    demo, tmp_path: Path, capsys
) -> None:
    report, shot = tmp_path / "report.html", tmp_path / "shot.png"
    _, out = await _inspect(capsys, demo.base_url, "--json", "--report", str(report))
    expected = _json_counts(json.loads(out))
    # the control: a page that loads an image is caught by the same net-log reading
    control = tmp_path / "control.html"
    control.write_text('<html><body><img src="http://127.0.0.1:9/x.png"></body></html>')
    await asyncio.to_thread(_render, control, tmp_path / "control.json", "--dump-dom")
    assert _page_requests(tmp_path / "control.json") == ["http://127.0.0.1:9/x.png"]
    dom = await asyncio.to_thread(_render, report, tmp_path / "net.json", "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert _page(dom.stdout).counts == expected  # the DOM Chromium built has every row
    assert _page_requests(tmp_path / "net.json") == []
    taken = await asyncio.to_thread(
        _headless, report, f"--screenshot={shot}", "--window-size=1200,1600"
    )
    assert taken.returncode == 0 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 20_000  # a rendered page, not a blank one


_MEASURE = """<script>
addEventListener("load", () => {
  const cells = [...document.querySelectorAll("td.doc, td.url")];
  document.title = JSON.stringify(cells.map(
    (cell) => cell.getBoundingClientRect().width / parseFloat(getComputedStyle(cell).fontSize)
  ));
});
</script>"""


async def test_url_columns_stay_readable_in_chromium(demo, tmp_path: Path, capsys) -> None:
    """The Document and URL columns were squeezed to a few characters, each URL broken over
    five lines: Chromium lays every such cell out at least 16 em wide."""
    report = tmp_path / "report.html"
    await _inspect(capsys, demo.base_url, "--report", str(report))
    html = report.read_text(encoding="utf-8")
    # the measuring copy: the page's own policy forbids scripts, so it goes, the CSS stays
    measured = tmp_path / "measured.html"
    html = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", html)
    measured.write_text(html.replace("</body>", _MEASURE + "</body>"), encoding="utf-8")
    dom = await asyncio.to_thread(
        _headless, measured, "--dump-dom", "--window-size=1000,1400", "--virtual-time-budget=5000"
    )
    assert dom.returncode == 0, dom.stderr[-2000:]
    title = re.search(r"<title>(.*?)</title>", dom.stdout, re.S)
    assert title is not None
    widths = json.loads(title.group(1))
    assert len(widths) > 5 and min(widths) >= 16, widths
