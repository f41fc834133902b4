"""Codes from the parser: well-formedness, safety refusals, namespaces, legacy syntax.

The parser owns what only it can see: the bytes, the XML structure and the namespace
URIs as written. Rules about attribute values belong to the validator (``document.*``).
"""

from explorer.core.findings import CodeInfo
from explorer.core.findings import Severity as S

_LEGACY = "core 0.1-alpha"
# 0.9 (2013-06) and 0.9.1 (2013-08) are listed in core 1.1 Appendix D; their forms were
# renamed in 1.0. Each code cites the 1.1 section that defines the replacement.
_V09 = "core 0.9 → 1.1"

CODES: tuple[CodeInfo, ...] = (
    # Input that cannot be read as a document at all (raised as DocumentParseError).
    CodeInfo(
        "parse.malformed",
        S.ERROR,
        "XML 1.0 §2.1",
        "Not well-formed XML (line and column given)",
    ),
    CodeInfo("parse.too-large", S.ERROR, "core 1.1 §7", "Document exceeds the parser's size limit"),
    CodeInfo("parse.too-deep", S.ERROR, None, "Elements nested deeper than the parser allows"),
    CodeInfo(
        "parse.resource-limit",
        S.ERROR,
        None,
        "A text node or tag exceeds parser limits",
    ),
    CodeInfo("parse.dtd-refused", S.ERROR, None, "Document has a DOCTYPE; refused for safety"),
    CodeInfo("parse.gzip", S.ERROR, None, "Gzip-compressed input is corrupt or truncated"),
    CodeInfo(
        "parse.not-sitemap",
        S.ERROR,
        "core 1.1 §7",
        "Root is neither urlset nor sitemapindex",
    ),
    # Budgets: past one, the parser stops reading that part and says so.
    CodeInfo(
        "parse.too-many-attributes",
        S.ERROR,
        None,
        "An element has more attributes than the parser reads",
    ),
    CodeInfo(
        "parse.too-many-namespaces",
        S.ERROR,
        None,
        "More namespaces in one document than the parser reads",
    ),
    CodeInfo(
        "parse.too-many-entries",
        S.ERROR,
        "core 1.1 §7",
        "More entries than the parser reads; the rest were counted, not read",
    ),
    CodeInfo(
        "parse.too-many-links",
        S.ERROR,
        "core 1.1 §7",
        "More rs:ln in one entry or document than the parser reads",
    ),
    CodeInfo(
        "parse.entry-too-large",
        S.ERROR,
        "core 1.1 §7",
        "An entry has more child elements than the parser reads",
    ),
    CodeInfo(
        "parse.findings-capped",
        S.INFO,
        None,
        "More parser findings of one code than are listed",
    ),
    # Read, but wrong as written (recorded in Document.findings).
    CodeInfo("parse.rs-namespace", S.ERROR, "core 1.1 §4", "Wrong ResourceSync namespace URI"),
    CodeInfo("parse.sitemap-namespace", S.ERROR, "core 1.1 §4", "Wrong Sitemap namespace URI"),
    CodeInfo(
        "parse.entry-element",
        S.ERROR,
        "core 1.1 §7",
        "url in a sitemapindex or sitemap in a urlset",
    ),
    CodeInfo(
        "parse.unknown-element",
        S.WARNING,
        "core 1.1 §7",
        "Element in the Sitemap or ResourceSync namespace that has no meaning there",
    ),
    CodeInfo("parse.md-repeated", S.ERROR, "core 1.1 §7", "More than one document-level rs:md"),
    # Table 2 places the document's rs:md and rs:ln before the entries but says no "must":
    # both are warnings (read wherever they are), so one schema rule has one severity.
    CodeInfo(
        "parse.md-after-entries",
        S.WARNING,
        "core 1.1 §7 Table 2",
        "Document rs:md after an entry (read anyway; Table 2 puts it first)",
    ),
    CodeInfo(
        "parse.ln-after-entries",
        S.WARNING,
        "core 1.1 §7 Table 2",
        "Document rs:ln after an entry (read anyway; Table 2 puts it first)",
    ),
    CodeInfo(
        "parse.loc-not-first",
        S.WARNING,
        "core 1.1 §7 Table 2",
        "An entry's child comes before its loc (read anyway; the Sitemap schema puts loc first)",
    ),
    CodeInfo("parse.entry-md-repeated", S.ERROR, "core 1.1 §7", "An entry has more than one rs:md"),
    CodeInfo("parse.loc-repeated", S.ERROR, "core 1.1 §7", "An entry has more than one loc"),
    CodeInfo("parse.lastmod-repeated", S.ERROR, "core 1.1 §7", "Entry has more than one lastmod"),
    CodeInfo(
        "parse.attribute-prefixed",
        S.ERROR,
        "core 1.1 §7",
        "rs:md/rs:ln attribute written with a namespace prefix",
    ),
    # Pre-1.0 (2012 alpha) syntax, read and mapped onto the 1.1 model.
    CodeInfo(
        "parse.legacy-changeset",
        S.WARNING,
        f"{_LEGACY} §5.1",
        'Change Set (urlset rs:type="changeset"); 1.1: rs:md capability="changelist"',
    ),
    CodeInfo(
        "parse.legacy-lastmod-type",
        S.WARNING,
        f"{_LEGACY} §3.1.2",
        "lastmod rs:type; 1.1: rs:md change and datetime",
    ),
    CodeInfo(
        "parse.legacy-expires",
        S.WARNING,
        f"{_LEGACY} §3.1.2",
        'expires; 1.1: rs:md change="deleted" and datetime',
    ),
    CodeInfo("parse.legacy-fixity", S.WARNING, f"{_LEGACY} §3.1.3", "rs:fixity; 1.1: rs:md hash"),
    CodeInfo("parse.legacy-size", S.WARNING, f"{_LEGACY} §3.1.4", "rs:size; 1.1: rs:md length"),
    CodeInfo("parse.legacy-mimetype", S.WARNING, f"{_LEGACY} §3.1.5", "rs:mimetype; 1.1: md type"),
    CodeInfo(
        "parse.legacy-contentencoding",
        S.WARNING,
        f"{_LEGACY} §3.1.6",
        "rs:contentencoding; 1.1: rs:md encoding",
    ),
    CodeInfo("parse.legacy-path", S.WARNING, f"{_LEGACY} §4.2.1", "rs:path; 1.1: rs:md path"),
    CodeInfo("parse.legacy-xhtml-link", S.WARNING, f"{_LEGACY} §3.1.7", "xhtml:link; 1.1: rs:ln"),
    CodeInfo(
        "parse.legacy-xhtml-meta",
        S.WARNING,
        f"{_LEGACY} §3.1.7",
        "xhtml:meta DCTERMS.modified; 1.1: rs:md at (or from)",
    ),
    CodeInfo(
        "parse.legacy-push-xmpp",
        S.WARNING,
        f"{_LEGACY} §5.2.1",
        "XMPP PubSub push link (rs:protocol XEP-0060); 1.1: Change Notification over WebSub",
    ),
    CodeInfo(
        "parse.legacy-push-callback",
        S.WARNING,
        f"{_LEGACY} §5.2.2",
        "HTTP callback push link (rs:protocol); 1.1: Change Notification over WebSub",
    ),
    # 0.9-era (0.9 and 0.9.1) forms, read and mapped onto the 1.1 model.
    CodeInfo(
        "parse.legacy-resourcesync-capability",
        S.WARNING,
        f"{_V09} §8",
        'Source Description as capability="resourcesync" (0.9); 1.1: "description"',
    ),
    CodeInfo(
        "parse.legacy-modified",
        S.WARNING,
        f"{_V09} §7",
        "document rs:md modified (0.9); 1.1: at (snapshots) or from/until (changes)",
    ),
    CodeInfo(
        "parse.legacy-resourcesync-link",
        S.WARNING,
        f"{_V09} §6.2",
        'document rs:ln rel="resourcesync" (0.9); 1.1: rel="up"',
    ),
)
