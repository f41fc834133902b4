"""Every prediction of ``explorer.core.consumers`` equals what the program it predicts does,
run here as itself: ``xmllint --schema`` with the sitemaps.org XSDs (valid or not, and each
element it names, by line), Scrapy's ``Sitemap`` and advertools' ``sitemap_to_df`` (the URLs
they yield), and resync 2.0.1's ``Sitemap.parse_xml`` (resources read, refusals).

The documents: thirty in the shapes of the core 1.1 examples, the demo Source's documents as
a folder, and field shapes (a Hyrax-style list with ``rs:md`` on every ``<url>``, a
60,000-URL list, a list naming URLs on another host), plus documents that put each rule of
the schemas and each refusal of the readers to work.
"""

from __future__ import annotations

import io
import logging
import re
import shutil
import socket
import subprocess
import warnings
from pathlib import Path

import advertools
import pytest
from helpers.spec_shaped import BASE, Entry, document, spec_shaped_documents
from resync.sitemap import Sitemap as ResyncSitemap
from scrapy.utils.sitemap import Sitemap as ScrapySitemap

from explorer.core.consumers.engine import read_consumers
from explorer.core.consumers.verdict import Verdict
from explorer.core.serialize import serialize_document
from explorer.demo.documents import SourceDocuments
from explorer.demo.world import SET_NAMES, DemoWorld

SCHEMAS = Path(__file__).resolve().parents[2] / "explorer" / "core" / "consumers" / "schemas"
_ERROR = re.compile(r"^(.*?):(\d+): element (\S+): Schemas validity error", re.M)

H = (
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/" xmlns:x="urn:x">'
)
# Documents that put the schemas' rules and the readers' refusals to work, one or more each.
EDGES = {
    "after-url": f"{H}<url><loc>http://example.org/a</loc><rs:md a='1'><x:y/></rs:md></url>"
    "<rs:md/><url><loc>http://example.org/b</loc></url><rs:ln/></urlset>",
    "order-values": f"{H}\n<url><lastmod>2013</lastmod><loc>http://e.org/</loc></url>\n"
    "<url><loc>short</loc><lastmod>2013-01-01T00:00Z</lastmod><priority>2</priority>"
    "<changefreq>x</changefreq></url>\n<url foo='1' rs:x='2'><loc> http://example.org/c </loc>"
    "text<lastmod>2013-01-01T00:00:00Z</lastmod>more</url>\n<url/>\n<foo/>\n</urlset>",
    "empty": f"{H}\n</urlset>",
    "plain": '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" a="1"><url><loc>http://example.org/d'
    "</loc><lastmod>2013-01-01</lastmod><priority>0.50</priority><changefreq>daily</changefreq>"
    "</url></urlset>",
    "repeats": f"{H}<url><loc>http://example.org/d</loc><lastmod>2013-01-01T00:00:00+01:00"
    "</lastmod><lastmod>2013-01-01</lastmod></url><url><loc>http://example.org/e</loc>"
    "<x:y/><priority>1</priority></url></urlset>",
    "datetimes": f"{H}\n<url><loc>\n http://example.org/a </loc><lastmod>2013-01-01T00:00:00.5Z\n"
    "</lastmod></url>x\n<url><loc>http://example.org/a</loc><lastmod>1997-07-16T19:20+01:00"
    "</lastmod></url>\n<url><loc>http://example.org/b</loc><lastmod>2013-02-29</lastmod>"
    "<priority>.5</priority></url><url><loc>http://example.org/c</loc><lastmod>"
    "2013-01-01T24:00:00Z</lastmod></url><url><loc>http://example.org/d</loc><lastmod>"
    "2013-01-01T00:00:00+14:30</lastmod></url></urlset>",
    "index": '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"><rs:md capability="resourcelist"/>'
    '<sitemap><loc>http://example.org/l1.xml</loc><rs:md at="2013"/></sitemap>'
    "<sitemap><lastmod>2013-01-01</lastmod></sitemap></sitemapindex>",
    "bad-length": f'{H}<rs:md capability="resourcelist"/><url><loc>http://example.org/a</loc>'
    '<rs:md length="x"/></url></urlset>',
    "no-rel": f'{H}<url><loc>http://example.org/a</loc><rs:ln href="x"/></url></urlset>',
    "duplicates": f"{H}<url><loc>http://example.org/a</loc></url><url><loc>http://example.org/a"
    "</loc><priority>1.01</priority></url><url><loc>http://example.org/c</loc><lastmod>13-01-01"
    "</lastmod></url></urlset>",
    "late-md": f'{H}<url><loc>http://example.org/a</loc></url><rs:md capability="x"/></urlset>',
    "bad-change": f'{H}<url><loc>http://example.org/a</loc><rs:md change="gone"/></url></urlset>',
    "changefreq": f"{H}<url><loc>http://example.org/a</loc><changefreq>Daily</changefreq></url>"
    "<url><loc>http://example.org/b</loc><changefreq>daily </changefreq></url></urlset>",
    "loc-empty": f"{H}<url><loc></loc></url><url><loc>http://example.org/z</loc></url></urlset>",
    "md-twice-top": f'{H}<rs:md capability="resourcelist"/><rs:md at="2013"/>'
    "<url><loc>http://example.org/a</loc></url></urlset>",
    "ln-late": f'{H}<url><loc>http://example.org/a</loc></url><rs:ln rel="up" href="h"/></urlset>',
    "ln-no-href": f'{H}<url><loc>http://example.org/a</loc><rs:ln rel="up"/></url></urlset>',
    "ln-bad-pri": f'{H}<url><loc>http://example.org/a</loc><rs:ln rel="d" href="h" pri="0"/>'
    "</url></urlset>",
    "ln-bad-length": f'{H}<url><loc>http://example.org/a</loc><rs:ln rel="d" href="h" '
    'length="1.5"/></url></urlset>',
    "md-repeated": f"{H}<url><loc>http://example.org/a</loc><rs:md/><rs:md/></url></urlset>",
    "md-datetime": f'{H}<url><loc>http://example.org/a</loc><rs:md datetime="2013-01-01T00:00"/>'
    "</url></urlset>",
    "lastmod-forms": f"{H}<url><loc>http://example.org/a</loc><lastmod>2013-05</lastmod></url>"
    "<url><loc>http://example.org/b</loc><lastmod>2013-05-01T10:00:00.25+02:00</lastmod></url>"
    "<url><loc>http://example.org/c</loc><lastmod>2013-05-01T10:00+25:00</lastmod></url></urlset>",
    "no-namespace": "<urlset><url><loc>http://example.org/a</loc></url></urlset>",
    "element-in-loc": f"{H}<url><loc><x:y/>http://example.org/a</loc></url><url><loc>"
    "http://exa<x:y/>mple.org/abc</loc></url><url><loc>http://example.org/"
    + "a"
    * 2040
    + '</loc></url><url><loc>http://example.org/b</loc><lastmod a="1">2013-01-01</lastmod>'
    "</url></urlset>",
    "two-locs": f"{H}<url><loc>http://example.org/a</loc><loc>http://example.org/b</loc></url>"
    "</urlset>",
}


def _demo_documents() -> dict[str, bytes]:
    docs = SourceDocuments(DemoWorld(seed=3), "http://127.0.0.1:8080/", "http://127.0.0.1:8080/hub")
    found: dict[str, bytes] = {"demo-description": serialize_document(docs.source_description())}
    for name in SET_NAMES:
        made = {
            "capabilitylist": docs.capability_list(name),
            "resourcelist-index": docs.resource_list_index(name),
            "resourcelist-1": docs.resource_list(name, 1),
            "changelist-index": docs.change_list_index(name),
            "changelist-1": docs.change_list(name, 1),
            "resourcedump": docs.resource_dump(name, 1000),
            "resourcedump-manifest": docs.resource_dump_manifest(name),
        }
        for kind, doc in made.items():
            if doc is not None:
                found[f"demo-{name}-{kind}"] = serialize_document(doc)
    return found


def _field_documents() -> dict[str, bytes]:
    hyrax = [
        Entry(
            f"https://hydra.example.edu/concern/works/{n:05d}",
            "2017-03-01T10:00:00Z",
            {"change": "updated"} if n % 2 else {},
        )
        for n in range(200)
    ]
    big = [
        Entry(f"https://example.org/items/{n:06d}", "2026-01-01T00:00:00Z") for n in range(60_000)
    ]
    elsewhere = [
        Entry(f"https://{host}/x/{n}")
        for n, host in enumerate(["example.org", "cdn.example.net", "example.org", "other.example"])
    ]
    return {
        "hyrax": document(
            "resourcelist", hyrax, links=[{"rel": "up", "href": BASE + "capabilitylist"}]
        ),
        "sixty-thousand": document("resourcelist", big),
        "other-host": document("resourcelist", elsewhere),
    }


CASES: dict[str, bytes] = {
    **spec_shaped_documents(),
    **_demo_documents(),
    **_field_documents(),
    **{f"edge-{name}": text.encode() for name, text in EDGES.items()},
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every case as a file, once for the module."""
    where = tmp_path_factory.mktemp("consumer-cases")
    for name, body in CASES.items():
        (where / f"{name}.xml").write_bytes(body)
    return where


@pytest.fixture(scope="module")
def predictions() -> dict[str, dict[str, Verdict]]:
    return {
        name: read_consumers(body, None, keep_urls=len(body) < 20_000_000)
        for name, body in CASES.items()
    }


@pytest.fixture(scope="module")
def xmllint(folder: Path) -> dict[str, tuple[bool, list[tuple[int, str]]]]:
    """xmllint's verdict per case: one run per schema over all its files."""
    if shutil.which("xmllint") is None:
        pytest.fail("xmllint is missing: apt-get install libxml2-utils (see the README)")
    verdicts: dict[str, tuple[bool, list[tuple[int, str]]]] = {}
    for schema, names in (
        ("siteindex.xsd", [n for n, b in CASES.items() if b"<sitemapindex" in b[:300]]),
        ("sitemap.xsd", [n for n, b in CASES.items() if b"<sitemapindex" not in b[:300]]),
    ):
        files = [str(folder / f"{name}.xml") for name in names]
        run = subprocess.run(
            ["xmllint", "--noout", "--schema", str(SCHEMAS / schema), *files],
            capture_output=True,
            text=True,
            check=False,
            timeout=100,
        )
        errors: dict[str, list[tuple[int, str]]] = {name: [] for name in names}
        for match in _ERROR.finditer(run.stderr):
            errors[Path(match[1]).stem].append((int(match[2]), match[3]))
        for name in names:
            valid = f"{folder / name}.xml validates" in run.stderr
            verdicts[name] = (valid, sorted(errors[name]))
    return verdicts


def _named(verdict: Verdict) -> list[tuple[int, str]]:
    return sorted((p.line or 0, p.params["element"] if p.params else "") for p in verdict.problems)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_schema_verdict_and_every_element_named_equal_xmllints(
    name: str,
    xmllint: dict[str, tuple[bool, list[tuple[int, str]]]],
    predictions: dict[str, dict[str, Verdict]],
) -> None:
    verdict = predictions[name]["sitemaps-schema"]
    assert (verdict.reads, _named(verdict)) == xmllint[name]


@pytest.mark.parametrize("name", sorted(CASES))
def test_scrapy_yields_the_predicted_urls(
    name: str, predictions: dict[str, dict[str, Verdict]]
) -> None:
    sitemap = ScrapySitemap(CASES[name])
    yielded = [item["loc"] for item in sitemap]
    verdict = predictions[name]["scrapy"]
    assert verdict.reads == (sitemap.type in ("urlset", "sitemapindex"))
    assert verdict.urls == len(yielded)
    if verdict.url_list is not None:
        assert verdict.url_list == yielded


def _no_network(*args: object, **kwargs: object) -> None:
    raise AssertionError("advertools tried to reach the network")


@pytest.mark.parametrize("name", sorted(CASES))
def test_advertools_yields_the_predicted_urls_or_fails_as_predicted(
    name: str,
    folder: Path,
    predictions: dict[str, dict[str, Verdict]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(socket.socket, "connect", _no_network)
    logging.getLogger().setLevel(logging.WARNING)
    verdict = predictions[name]["advertools"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            frame = advertools.sitemap_to_df((folder / f"{name}.xml").as_uri(), recursive=False)
        except IndexError:
            assert not verdict.reads
            return
    assert verdict.reads
    rows = frame["loc"].dropna().tolist() if "loc" in frame else []
    assert verdict.urls == len(rows)
    if verdict.url_list is not None:
        assert verdict.url_list == rows


@pytest.mark.parametrize("name", sorted(CASES))
def test_resync_reads_the_predicted_resources_or_refuses_as_predicted(
    name: str, predictions: dict[str, dict[str, Verdict]]
) -> None:
    verdict = predictions[name]["resync"]
    logging.getLogger("resync").setLevel(logging.ERROR)
    try:
        read = ResyncSitemap().parse_xml(fh=io.BytesIO(CASES[name]))
    except Exception:
        assert not verdict.reads, verdict
        return
    assert verdict.reads, verdict.problems
    uris = [resource.uri for resource in read.resources]
    assert verdict.urls == len(uris)
    if verdict.url_list is not None:
        assert verdict.url_list == uris


def test_the_cases_put_every_schema_rule_and_refusal_to_work(
    predictions: dict[str, dict[str, Verdict]],
) -> None:
    """The referee comparisons above mean something only if the cases reach each rule."""
    variants = {p.variant for v in predictions.values() for p in v["sitemaps-schema"].problems}
    assert variants >= {
        "undeclared",
        "unexpected",
        "missing",
        "attribute",
        "text",
        "too-short",
        "not-datetime",
        "not-changefreq",
        "not-priority",
        "not-simple",
        "too-long",
    }
    refusals = {p.variant for v in predictions.values() for p in v["resync"].problems}
    assert refusals >= {
        "not-sitemap",
        "loc-empty",
        "md-twice",
        "ln-late",
        "ln-no-href",
        "bad-pri",
        "md-repeated",
        "lastmod-repeated",
        "md-late",
        "bad-length",
        "ln-no-rel",
        "bad-change",
        "loc-repeated",
        "loc-missing",
        "bad-datetime",
    }
    assert any(not v["advertools"].reads for v in predictions.values())
    assert any(v["advertools"].dropped for v in predictions.values())
    assert len([n for n in CASES if n.startswith("demo-")]) >= 8
