"""A document with problems on purpose, served whatever faults are on.

The demo's Source is correct by design, so a first look shows no findings; this Change
List, not linked from the Source (its crawl stays clean), shows at once what the
explorer says about a broken document. Each flaw is one a Source really makes. Fixed
text: the same problems on every run and every port.
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

FLAWED_PATH = "examples/changelist-with-problems.xml"

_TEMPLATE = """<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <!-- A Change List with problems on purpose: see docs/demo.md -->
  <rs:ln rel="up" href={up}/>
  <rs:md capability="changelist"/>
  <url>
    <loc>{base}dataset1/resources/r00002.txt</loc>
    <lastmod>2026-01-02T10:00:00Z</lastmod>
    <rs:md change="updated" datetime="2026-01-02T10:00:00Z" hash="md5:not-a-digest"/>
  </url>
  <url>
    <loc>{base}dataset1/resources/r00001.txt</loc>
    <rs:md change="created" datetime="2026-01-01T09:00:00Z"/>
  </url>
  <url>
    <loc>{base}dataset1/resources/r00003.txt</loc>
    <rs:md datetime="yesterday"/>
  </url>
  <url>
    <loc>resources/r00004.txt</loc>
    <rs:md change="renamed" datetime="2026-01-03T08:00:00Z"/>
  </url>
</urlset>
"""


def flawed_changelist(base_url: str) -> bytes:
    """The flawed Change List for a demo served at ``base_url`` (ending in /)."""
    up = quoteattr(f"{base_url}dataset1/capabilitylist.xml")
    return _TEMPLATE.format(base=base_url, up=up).encode()
