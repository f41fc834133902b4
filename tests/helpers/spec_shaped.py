"""Documents in the shapes of the ResourceSync core 1.1 examples (§§4-13 and the appendices),
built here with this suite's own URLs and values: every capability, the preamble forms
(``rs:ln`` up/index/describedby, ``rs:md`` at/completed/from/until), entries with hashes,
lengths, types, changes, datetimes, paths, and ``rs:ln`` alternates, mirrors, patches and
duplicates, in urlset and sitemapindex roots. The consumer tests run every consumer and its
referee on them; the suite never reads the specification's own files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
RS = "http://www.openarchives.org/rs/terms/"
BASE = "http://example.com/"


def _attrs(values: dict[str, str]) -> str:
    return "".join(f" {name}={quoteattr(value)}" for name, value in values.items())


@dataclass
class Entry:
    loc: str
    lastmod: str | None = None
    md: dict[str, str] | None = None
    links: list[dict[str, str]] = field(default_factory=list)

    def xml(self, tag: str) -> str:
        parts = [f"  <{tag}>\n    <loc>{escape(self.loc)}</loc>\n"]
        if self.lastmod:
            parts.append(f"    <lastmod>{self.lastmod}</lastmod>\n")
        if self.md is not None:
            parts.append(f"    <rs:md{_attrs(self.md)}/>\n")
        parts.extend(f"    <rs:ln{_attrs(link)}/>\n" for link in self.links)
        parts.append(f"  </{tag}>\n")
        return "".join(parts)


def document(
    capability: str,
    entries: list[Entry],
    *,
    index: bool = False,
    md: dict[str, str] | None = None,
    links: list[dict[str, str]] | None = None,
) -> bytes:
    """One document: the root, its preamble (rs:ln first, then rs:md, as the examples write
    them), then the entries."""
    root, tag = ("sitemapindex", "sitemap") if index else ("urlset", "url")
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<{root} xmlns="{SM}"\n        xmlns:rs="{RS}">\n',
    ]
    head.extend(f"  <rs:ln{_attrs(link)}/>\n" for link in links or [])
    head.append(f"  <rs:md{_attrs({'capability': capability, **(md or {})})}/>\n")
    body = [entry.xml(tag) for entry in entries]
    return "".join([*head, *body, f"</{root}>\n"]).encode()


def _up(path: str = "dataset1/capabilitylist.xml") -> dict[str, str]:
    return {"rel": "up", "href": BASE + path}


def _res(n: int, **md: str) -> Entry:
    return Entry(BASE + f"res{n}", f"2013-01-0{n}T13:00:00Z", md or None)


def _change(n: int, change: str, hour: int) -> Entry:
    return Entry(
        BASE + f"res{n}", None, {"change": change, "datetime": f"2013-01-03T{hour}:00:00Z"}
    )


def spec_shaped_documents() -> dict[str, bytes]:
    """Thirty documents named for the example shape they take."""
    md5 = "md5:1584abdf8ebdc9802ac0c6a7402c03b6"
    at = {"at": "2013-01-03T09:00:00Z"}
    docs: dict[str, bytes] = {
        "source-description": document(
            "description",
            [
                Entry(
                    BASE + "dataset1/capabilitylist.xml",
                    None,
                    {"capability": "capabilitylist"},
                    [{"rel": "describedby", "href": BASE + "info_about_set1_of_resources.xml"}],
                )
            ],
            links=[{"rel": "describedby", "href": BASE + "info_about_source.xml"}],
        ),
        "capability-list": document(
            "capabilitylist",
            [
                Entry(BASE + "dataset1/" + name, None, {"capability": capability})
                for name, capability in (
                    ("resourcelist.xml", "resourcelist"),
                    ("resourcedump.xml", "resourcedump"),
                    ("changelist.xml", "changelist"),
                    ("changedump.xml", "changedump"),
                )
            ],
            links=[
                {"rel": "describedby", "href": BASE + "info_about_set1_of_resources.xml"},
                _up("resourcesync_description.xml"),
            ],
        ),
        "resource-list": document("resourcelist", [_res(1), _res(2)], md=at, links=[_up()]),
        "resource-list-completed": document(
            "resourcelist",
            [_res(1), _res(2)],
            md={**at, "completed": "2013-01-03T09:01:00Z"},
            links=[_up()],
        ),
        "resource-list-index": document(
            "resourcelist",
            [
                Entry(BASE + f"resourcelist-part{n}.xml", None, {"at": f"2013-01-03T09:0{n}:00Z"})
                for n in (1, 2, 3)
            ],
            index=True,
            md={**at, "completed": "2013-01-03T09:10:00Z"},
            links=[_up()],
        ),
        "resource-list-part": document(
            "resourcelist",
            [_res(n) for n in (1, 2, 3)],
            md=at,
            links=[_up(), {"rel": "index", "href": BASE + "dataset1/resourcelist-index.xml"}],
        ),
        "resource-list-hashes": document(
            "resourcelist",
            [
                _res(1, hash=md5, length="8876", type="text/html"),
                _res(
                    2,
                    hash="md5:1e0d5cb8ef6ba40c99b14c0237be735e sha-256:" + "854f6129" * 8,
                    length="14599",
                    type="application/pdf",
                ),
            ],
            md=at,
            links=[_up()],
        ),
        "resource-dump": document(
            "resourcedump",
            [
                Entry(
                    BASE + f"resourcedump-part{n}.zip",
                    None,
                    {"type": "application/zip", "length": "4765", "at": "2013-01-03T09:00:00Z"},
                    [
                        {
                            "rel": "contents",
                            "href": BASE + f"resourcedump_manifest-part{n}.xml",
                            "type": "application/xml",
                        }
                    ],
                )
                for n in (1, 2)
            ],
            md=at,
            links=[_up()],
        ),
        "resource-dump-manifest": document(
            "resourcedump-manifest",
            [
                _res(1, hash=md5, length="8876", path="/resources/res1"),
                _res(2, hash=md5, length="14599", path="/resources/res2"),
            ],
            md=at,
            links=[_up()],
        ),
        "change-list": document(
            "changelist",
            [_change(1, "created", 11), _change(2, "updated", 12), _change(3, "deleted", 13)],
            md={"from": "2013-01-02T00:00:00Z"},
            links=[_up()],
        ),
        "change-list-closed": document(
            "changelist",
            [_change(1, "updated", 10)],
            md={"from": "2013-01-02T00:00:00Z", "until": "2013-01-03T00:00:00Z"},
            links=[_up()],
        ),
        "change-list-index": document(
            "changelist",
            [
                Entry(
                    BASE + f"20130103-changelist{n}.xml",
                    None,
                    {"from": f"2013-01-0{n}T00:00:00Z", "until": f"2013-01-0{n + 1}T00:00:00Z"},
                )
                for n in (1, 2)
            ],
            index=True,
            md={"from": "2013-01-01T00:00:00Z"},
            links=[_up()],
        ),
        "change-dump": document(
            "changedump",
            [
                Entry(
                    BASE + "20130101-changedump.zip",
                    "2013-01-01T23:59:59Z",
                    {
                        "type": "application/zip",
                        "length": "3109",
                        "from": "2013-01-01T00:00:00Z",
                        "until": "2013-01-02T00:00:00Z",
                    },
                    [
                        {
                            "rel": "contents",
                            "href": BASE + "20130101-changedump-manifest.xml",
                            "type": "application/xml",
                        }
                    ],
                )
            ],
            md={"from": "2013-01-01T00:00:00Z"},
            links=[_up()],
        ),
        "change-dump-manifest": document(
            "changedump-manifest",
            [
                Entry(
                    BASE + "res7.html",
                    None,
                    {
                        "change": "created",
                        "datetime": "2013-01-02T12:00:00Z",
                        "hash": md5,
                        "length": "366",
                        "type": "text/html",
                        "path": "/changes/res7.html",
                    },
                )
            ],
            md={"from": "2013-01-02T00:00:00Z", "until": "2013-01-03T00:00:00Z"},
            links=[_up()],
        ),
    }
    linked = {
        "alternate": {"rel": "alternate", "href": BASE + "res1.pdf", "type": "application/pdf"},
        "duplicate": {
            "rel": "duplicate",
            "href": "http://mirror.example.com/res1",
            "pri": "1",
            "modified": "2013-01-03T18:00:00Z",
        },
        "patch": {
            "rel": "http://www.openarchives.org/rs/terms/patch",
            "href": BASE + "res1-patch",
            "type": "application/json-patch",
        },
        "memento": {
            "rel": "memento",
            "href": BASE + "20130103070000/res1",
            "datetime": "2013-01-03T07:00:00Z",
        },
        "timegate": {"rel": "timegate", "href": BASE + "timegate/res1"},
        "collection": {"rel": "collection", "href": BASE + "aggregation/0601007"},
        "describedby": {
            "rel": "describedby",
            "href": BASE + "metadata/res1",
            "type": "application/xml",
        },
        "describes": {"rel": "describes", "href": BASE + "res1"},
        "via": {"rel": "via", "href": BASE + "original/res1", "length": "9999"},
        "canonical": {"rel": "canonical", "href": BASE + "res1"},
    }
    for name, link in linked.items():
        entry = _change(1, "updated", 11)
        entry.links.append(link)
        docs[f"change-list-{name}"] = document("changelist", [entry], links=[_up()])
    for name in (
        "resourcelist-archive",
        "resourcedump-archive",
        "changelist-archive",
        "changedump-archive",
    ):
        docs[name] = document(
            name,
            [
                Entry(
                    BASE + f"{name.split('-')[0]}{n}.xml",
                    f"2012-11-0{n}T09:00:00Z",
                    {"at": f"2012-11-0{n}T09:00:00Z"},
                )
                for n in (1, 2)
            ],
            links=[_up()],
        )
    docs["resource-list-mirror"] = document(
        "resourcelist",
        [
            Entry(
                BASE + "res1",
                "2013-01-02T13:00:00Z",
                {"hash": md5},
                [
                    {"rel": "duplicate", "pri": "1", "href": "http://mirror1.example.com/res1"},
                    {"rel": "duplicate", "pri": "2", "href": "http://mirror2.example.com/res1"},
                ],
            )
        ],
        md=at,
        links=[_up()],
    )
    docs["change-list-lastmod"] = document(
        "changelist",
        [Entry(BASE + "res1", "2013-01-03T11:00:00Z", {"change": "updated"})],
        md={"from": "2013-01-02T00:00:00Z"},
        links=[_up()],
    )
    assert len(docs) == 30, len(docs)
    return docs
