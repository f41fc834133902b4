"""The 2012 push links (core 0.1-alpha §5.2) read from any Sitemap-format document."""

from __future__ import annotations

from explorer.core.parser import parse_document
from explorer.core.push.legacy_push import CALLBACK, XMPP, push_links, read_pushed_change_set

HEAD = (
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
    ' xmlns:rs="http://www.openarchives.org/rs/terms/" xmlns:xhtml="http://www.w3.org/1999/xhtml"'
)


def test_a_sitemap_with_both_forms_and_an_entry_link_that_is_not_one() -> None:
    doc = parse_document(
        (
            HEAD + ">"
            '<xhtml:link href="xmpp:pubsub.example.com"'
            ' rs:protocol="http://xmpp.org/extensions/xep-0060.html" rs:pubsubnode="N"/>'
            '<xhtml:link href="http://example.com/subscribe"'
            ' rs:protocol="http://example.com/protocol/callback"/>'
            '<xhtml:link href="http://example.com/cs.xml"'
            ' rel="current http://www.openarchives.org/rs/changeset"/>'
            "<url><loc>http://example.com/r</loc>"
            '<xhtml:link rel="DCTERMS.subject" href="http://example.com/c"/></url>'
            "</urlset>"
        ).encode()
    )
    links = push_links(doc)
    assert [(link.form, link.href, link.node) for link in links] == [
        (XMPP, "xmpp:pubsub.example.com", "N"),
        (CALLBACK, "http://example.com/subscribe", None),
    ]
    assert links[0].service == "pubsub.example.com"


def test_a_pushed_change_set_reads_as_a_change_notification_only_on_a_push_channel() -> None:
    body = (
        HEAD + ' rs:type="changeset"><url><loc>http://example.com/r</loc>'
        '<lastmod rs:type="updated">2012-08-08T08:15:00Z</lastmod></url></urlset>'
    ).encode()
    doc = parse_document(body)
    assert read_pushed_change_set(doc, None) == [] and doc.capability == "changelist"
    notes = read_pushed_change_set(doc, "§5.2.2")
    assert doc.capability == "change-notification"
    assert [(n.code, n.spec) for n in notes] == [
        ("websub.legacy-pushed-change-set", "core 0.1-alpha §5.2")
    ]
