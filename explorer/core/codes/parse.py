"""Codes from the parser: well-formedness, safety refusals, namespaces, legacy syntax.

The parser owns what only it can see: the bytes, the XML structure and the namespace
URIs as written. Rules about attribute values belong to the validator (``document.*``).
"""

from explorer.core.code_info import CodeInfo
from explorer.core.code_info import Severity as S

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
    ),
    # xmlns:xmlns="...": the prefix xmlns is bound by definition and never declared
    # (Namespaces in XML 1.0 §3, cited by its W3C short name, xml-names).
    CodeInfo("parse.xmlns-prefix-declared", S.ERROR, "XML-Names 1.0 §3"),
    CodeInfo("parse.too-large", S.ERROR, "core 1.1 §7"),
    CodeInfo("parse.too-deep", S.ERROR, None),
    CodeInfo(
        "parse.resource-limit",
        S.ERROR,
        None,
    ),
    CodeInfo("parse.dtd-refused", S.ERROR, None),
    CodeInfo("parse.gzip", S.ERROR, None),
    CodeInfo(
        "parse.not-sitemap",
        S.ERROR,
        "core 1.1 §7",
    ),
    # Budgets: past one, the parser stops reading that part and says so.
    CodeInfo(
        "parse.too-many-attributes",
        S.ERROR,
        None,
    ),
    CodeInfo(
        "parse.too-many-namespaces",
        S.ERROR,
        None,
    ),
    CodeInfo(
        "parse.too-many-entries",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo(
        "parse.too-many-links",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo(
        "parse.entry-too-large",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo(
        "parse.findings-capped",
        S.INFO,
        None,
    ),
    # Read, but wrong as written (recorded in Document.findings).
    CodeInfo("parse.rs-namespace", S.ERROR, "core 1.1 §4"),
    CodeInfo("parse.sitemap-namespace", S.ERROR, "core 1.1 §4"),
    CodeInfo(
        "parse.entry-element",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo(
        "parse.unknown-element",
        S.WARNING,
        "core 1.1 §7",
    ),
    CodeInfo("parse.md-repeated", S.ERROR, "core 1.1 §7"),
    # Table 2 places the document's rs:md and rs:ln before the entries but says no "must":
    # both are warnings (read wherever they are), so one schema rule has one severity.
    CodeInfo(
        "parse.md-after-entries",
        S.WARNING,
        "core 1.1 §7 Table 2",
    ),
    CodeInfo(
        "parse.ln-after-entries",
        S.WARNING,
        "core 1.1 §7 Table 2",
    ),
    CodeInfo("parse.loc-not-first", S.WARNING, "core 1.1 §7 Table 2"),
    CodeInfo("parse.entry-md-repeated", S.ERROR, "core 1.1 §7"),
    CodeInfo("parse.loc-repeated", S.ERROR, "core 1.1 §7"),
    CodeInfo("parse.lastmod-repeated", S.ERROR, "core 1.1 §7"),
    CodeInfo(
        "parse.attribute-prefixed",
        S.ERROR,
        "core 1.1 §7",
    ),
    # Pre-1.0 (2012 alpha) syntax, read and mapped onto the 1.1 model.
    CodeInfo(
        "parse.legacy-changeset",
        S.WARNING,
        f"{_LEGACY} §5.1",
    ),
    CodeInfo(
        "parse.legacy-lastmod-type",
        S.WARNING,
        f"{_LEGACY} §3.1.2",
    ),
    CodeInfo(
        "parse.legacy-expires",
        S.WARNING,
        f"{_LEGACY} §3.1.2",
    ),
    CodeInfo("parse.legacy-fixity", S.WARNING, f"{_LEGACY} §3.1.3"),
    CodeInfo("parse.legacy-size", S.WARNING, f"{_LEGACY} §3.1.4"),
    CodeInfo("parse.legacy-mimetype", S.WARNING, f"{_LEGACY} §3.1.5"),
    CodeInfo(
        "parse.legacy-contentencoding",
        S.WARNING,
        f"{_LEGACY} §3.1.6",
    ),
    CodeInfo("parse.legacy-path", S.WARNING, f"{_LEGACY} §4.2.1"),
    CodeInfo("parse.legacy-xhtml-link", S.WARNING, f"{_LEGACY} §3.1.7"),
    CodeInfo(
        "parse.legacy-xhtml-meta",
        S.WARNING,
        f"{_LEGACY} §3.1.7",
    ),
    CodeInfo("parse.legacy-push-xmpp", S.WARNING, f"{_LEGACY} §5.2.1"),
    CodeInfo("parse.legacy-push-callback", S.WARNING, f"{_LEGACY} §5.2.2"),
    # 0.9-era (0.9 and 0.9.1) forms, read and mapped onto the 1.1 model.
    CodeInfo(
        "parse.legacy-resourcesync-capability",
        S.WARNING,
        f"{_V09} §8",
    ),
    CodeInfo(
        "parse.legacy-modified",
        S.WARNING,
        f"{_V09} §7",
    ),
    CodeInfo(
        "parse.legacy-resourcesync-link",
        S.WARNING,
        f"{_V09} §6.2",
    ),
)
