"""Codes from discovery, the crawl, HTTP checks, resource spot checks and dump checks."""

from explorer.core.findings import CodeInfo
from explorer.core.findings import Severity as S

CODES: tuple[CodeInfo, ...] = (
    # Discovery (core 1.1 §6.3)
    CodeInfo(
        "http.discovery-failed",
        S.ERROR,
        "core 1.1 §6.3",
        "no discovery route led to a ResourceSync document",
    ),
    CodeInfo(
        "http.no-well-known",
        S.WARNING,
        "core 1.1 §6.3.2",
        "the Source Description is not published at /.well-known/resourcesync",
    ),
    CodeInfo(
        "http.not-source-description",
        S.WARNING,
        "core 1.1 §6.2",
        "following up links did not end at a Source Description",
    ),
    CodeInfo(
        "http.discovery-disagree",
        S.WARNING,
        "core 1.1 §6.3",
        "discovery routes lead to different Source Descriptions",
    ),
    # Transport
    CodeInfo("http.status", S.ERROR, None, "a document answered with an HTTP error status"),
    CodeInfo(
        "http.unreachable",
        S.ERROR,
        None,
        "a document could not be fetched (connection, protocol or URL problem)",
    ),
    CodeInfo("http.timeout", S.ERROR, None, "a request timed out"),
    CodeInfo(
        "http.auth-required",
        S.ERROR,
        "RFC 9110 §15.5.2",
        "a document answered 401: credentials are missing or refused",
    ),
    CodeInfo(
        "http.forbidden",
        S.ERROR,
        "RFC 9110 §15.5.4",
        "a document answered 403: these credentials (or none) may not read it",
    ),
    CodeInfo(
        "http.tls-unverified",
        S.WARNING,
        None,
        "TLS certificates were not verified (--insecure or the Network setting)",
    ),
    CodeInfo("http.redirect", S.INFO, None, "a document is reached through redirects"),
    CodeInfo("http.redirect-loop", S.ERROR, None, "redirects loop back to a visited URL"),
    CodeInfo("http.too-many-redirects", S.ERROR, None, "the redirect chain is too long"),
    CodeInfo(
        "http.too-large", S.ERROR, "core 1.1 §7", "a body exceeds the size limit and was not read"
    ),
    CodeInfo(
        "http.content-type",
        S.WARNING,
        "core 1.1 §7",
        "a document is not served as application/xml or text/xml",
    ),
    CodeInfo("http.retried", S.INFO, None, "a request succeeded only after retries"),
    # Walk and relations (core 1.1 §6.1, §6.2)
    CodeInfo(
        "http.child-capability",
        S.ERROR,
        "core 1.1 §6.1",
        "a document's capability is not allowed under its parent",
    ),
    CodeInfo(
        "http.up-target",
        S.ERROR,
        "core 1.1 §6.2",
        "an up link does not point at the capability the spec expects",
    ),
    CodeInfo(
        "http.index-target",
        S.ERROR,
        "core 1.1 §6.2",
        "an index link does not point at a sitemapindex of the same capability",
    ),
    CodeInfo(
        "http.link-broken",
        S.WARNING,
        "core 1.1 §6.2",
        "an up, index or describedby link cannot be fetched",
    ),
    CodeInfo(
        "http.revisit",
        S.WARNING,
        "core 1.1 §6.1",
        "a document is listed again higher in its own branch (a cycle)",
    ),
    CodeInfo(
        "http.limit-reached", S.WARNING, None, "the crawl stopped at its document or byte limit"
    ),
    CodeInfo(
        "http.links-sampled",
        S.INFO,
        None,
        "only the first describedby targets of a crawl were checked (a per-crawl limit)",
    ),
    CodeInfo(
        "http.discovery-targets-capped",
        S.INFO,
        "core 1.1 §6.3.3",
        "a page names more resourcesync link targets than discovery tries; the first were tried",
    ),
    # Notification channels (change-notification 1.0.1 §4.1, §5)
    CodeInfo(
        "http.channel-no-hub",
        S.ERROR,
        "change-notification 1.0.1 §5",
        'a notification channel has no rs:ln rel="hub"',
    ),
    CodeInfo(
        "http.topic-status",
        S.ERROR,
        "change-notification 1.0.1 §4.1",
        "a topic URI does not answer HEAD/GET with 200 OK",
    ),
    CodeInfo(
        "http.topic-content-type",
        S.ERROR,
        "change-notification 1.0.1 §4.1",
        "a topic URI is not served as application/xml",
    ),
    CodeInfo(
        "http.topic-link-self",
        S.ERROR,
        "change-notification 1.0.1 §4.1",
        'a topic URI\'s Link header lacks rel="self" with the topic URI',
    ),
    CodeInfo(
        "http.topic-link-hub",
        S.ERROR,
        "change-notification 1.0.1 §4.1",
        'a topic URI\'s Link header lacks rel="hub"',
    ),
    CodeInfo(
        "http.topic-hub-mismatch",
        S.WARNING,
        "change-notification 1.0.1 §5",
        "the topic's Link hub differs from the hub advertised in the Capability List",
    ),
    # Resource spot checks (core 1.1 §7)
    CodeInfo(
        "http.resource-status", S.ERROR, "core 1.1 §10.1", "a listed resource does not answer 200"
    ),
    CodeInfo(
        "http.resource-length",
        S.ERROR,
        "core 1.1 §7",
        "a resource's length differs from rs:md/@length",
    ),
    CodeInfo(
        "http.resource-hash", S.ERROR, "core 1.1 §7", "a resource's digest differs from rs:md/@hash"
    ),
    CodeInfo(
        "http.resource-type",
        S.WARNING,
        "core 1.1 §7",
        "a resource's Content-Type differs from rs:md/@type",
    ),
    CodeInfo(
        "http.resource-lastmod",
        S.WARNING,
        "core 1.1 §7",
        "a resource's Last-Modified is later than the list's lastmod",
    ),
    CodeInfo(
        "http.resource-last-modified-invalid",
        S.WARNING,
        "RFC 9110 §8.8.2",
        "a resource's Last-Modified is not an HTTP date, so lastmod cannot be compared",
    ),
    CodeInfo(
        "http.resource-deleted-present",
        S.WARNING,
        "core 1.1 §12.1",
        "a resource whose latest change is 'deleted' still answers 200",
    ),
    # Dumps (core 1.1 §11, §13)
    CodeInfo(
        "http.dump-not-zip", S.ERROR, "core 1.1 §11.1", "a dump package is not a readable ZIP file"
    ),
    CodeInfo(
        "http.dump-no-manifest",
        S.ERROR,
        "core 1.1 §11.2",
        "a dump package has no manifest.xml at its top level",
    ),
    CodeInfo(
        "http.dump-manifest-invalid",
        S.ERROR,
        "core 1.1 §11.2",
        "a package's manifest.xml is not a valid manifest",
    ),
    CodeInfo(
        "http.dump-path-escape",
        S.ERROR,
        "core 1.1 §11.2",
        "a path in a package escapes the package (zip-slip)",
    ),
    CodeInfo(
        "http.dump-missing-file",
        S.ERROR,
        "core 1.1 §11.2",
        "a manifest entry's path is not in the package",
    ),
    CodeInfo(
        "http.dump-unlisted-file",
        S.ERROR,
        "core 1.1 §11.2",
        "a file in the package is not in the manifest",
    ),
    CodeInfo(
        "http.dump-length",
        S.ERROR,
        "core 1.1 §11.2",
        "a packaged file's length differs from the manifest",
    ),
    CodeInfo(
        "http.dump-hash",
        S.ERROR,
        "core 1.1 §11.2",
        "a packaged file's digest differs from the manifest",
    ),
    CodeInfo(
        "http.dump-package-length",
        S.ERROR,
        "core 1.1 §11.1",
        "a package's length differs from the dump's rs:md/@length",
    ),
    CodeInfo(
        "http.dump-member-too-large",
        S.ERROR,
        "core 1.1 §7",
        "a package's manifest.xml inflates past the document size limit and was not read",
    ),
    CodeInfo(
        "http.dump-too-many-members",
        S.ERROR,
        "core 1.1 §11.2",
        "a package has more members than a manifest can list and was not checked",
    ),
    CodeInfo(
        "http.dump-too-large",
        S.WARNING,
        "core 1.1 §11.1",
        "a package exceeds the download limit and was not checked",
    ),
    CodeInfo(
        "http.dump-contents-differ",
        S.WARNING,
        "core 1.1 §11.1",
        'the manifest linked with rel="contents" differs from the one in the package',
    ),
)
