<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AboutDialog</name>
    <message>
        <source>Inspect ResourceSync Sources and debug WebSub hubs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qt is linked dynamically: its shared libraries sit in the bundle&apos;s {folder} folder and may be replaced by compatible builds. A Linux bundle also carries system libraries of the machine it was built on (such as OpenSSL, ICU and libxcb), each under its own licence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About {name}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AddressText</name>
    <message>
        <source>nothing listens on {host}:{port}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown host {host}: check the spelling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{host}:{port} did not answer in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no scheme given: opened {url} (http for a loopback or private host)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no scheme given: opened {url}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AppearancePage</name>
    <message>
        <source>System language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language takes effect at the next start.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditModel</name>
    <message>
        <source>to create</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to update</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spec</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditPanel</name>
    <message>
        <source>Audit a local copy — {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot audit: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the Source and the local folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the Source: {count} requests…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{verdict}: {same} same, {create} to create, {update} to update, {delete} to delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source {source}: {resource_lists} Resource Lists, {change_lists} Change Lists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the first {count} rows are shown; Export writes them all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The local copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the audit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditWidgets</name>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder holding the copy of the Source&apos;s host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional, one a line: URL_PREFIX=FOLDER, e.g. https://example.org/data/=/srv/data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare checksums too (reads every file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL prefix mappings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by loc, path or reason</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuthDialog</name>
    <message>
        <source>Authentication required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Origin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the server asks for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token (Bearer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User and password (Basic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent as Authorization: Bearer …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One per line, e.g.
X-Api-Key: …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remember for this origin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send and retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asks for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The credentials sent were refused (HTTP %1). Give other ones to retry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This Source answered HTTP %1: it is read only with credentials. They are sent to this origin only, never to another host a link or redirect leads to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No system keyring is available: remembered credentials are kept for this session only, and asked for again after a restart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remembered credentials go to the system keyring (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the user name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter at least one header, as Name: value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most %1 headers.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuthPrompt</name>
    <message>
        <source>Credentials</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Insecure: {warning}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{origin}: {error}; the credentials are kept for this session only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not read from the keyring</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Browser</name>
    <message>
        <source>not opened: {url} is not an http or https URL; only web addresses are handed to the browser (use Copy URL to see it)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComparisonModel</name>
    <message>
        <source>document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unannounced change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not announced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL or loc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field or code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A (earlier)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B (later)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spec</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConsumersModel</name>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refuses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… {count} more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consumer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URLs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>problems</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConsumersView</name>
    <message>
        <source>Consumers status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a document to see what its readers take.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the document as each consumer would…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What each program that reads this document takes from it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Counts</name>
    <message numerus="yes">
        <source>%Ln error(s)</source>
        <translation>
            <numerusform>%Ln error</numerusform>
            <numerusform>%Ln errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln warning(s)</source>
        <translation>
            <numerusform>%Ln warning</numerusform>
            <numerusform>%Ln warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln note(s)</source>
        <translation>
            <numerusform>%Ln note</numerusform>
            <numerusform>%Ln notes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln entry(s)</source>
        <translation>
            <numerusform>%Ln entry</numerusform>
            <numerusform>%Ln entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln entry(s)</source>
        <comment>a document&apos;s size</comment>
        <translation type="unfinished">
            <numerusform>%Ln entry</numerusform>
            <numerusform>%Ln entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln document(s)</source>
        <translation>
            <numerusform>%Ln document</numerusform>
            <numerusform>%Ln documents</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln finding(s)</source>
        <translation>
            <numerusform>%Ln finding</numerusform>
            <numerusform>%Ln findings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln notification(s)</source>
        <translation>
            <numerusform>%Ln notification</numerusform>
            <numerusform>%Ln notifications</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln exchange(s)</source>
        <translation>
            <numerusform>%Ln exchange</numerusform>
            <numerusform>%Ln exchanges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln origin(s)</source>
        <translation>
            <numerusform>%Ln origin</numerusform>
            <numerusform>%Ln origins</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln more link(s)</source>
        <translation>
            <numerusform>%Ln more link</numerusform>
            <numerusform>%Ln more links</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln day(s) {hours} h</source>
        <translation>
            <numerusform>%Ln day {hours} h</numerusform>
            <numerusform>%Ln days {hours} h</numerusform>
        </translation>
    </message>
    <message>
        <source>{hours} h {minutes:02d} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{minutes} min {seconds:02d} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CredentialVault</name>
    <message>
        <source>the keyring holds something that is not a credential</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no system keyring is available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keyring refused to store it ({error})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keyring could not be read ({error})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keyring could not remove it ({error})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CredentialsPage</name>
    <message>
        <source>Origin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credential</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bearer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>basic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credentials by origin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected credentials</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remembered secrets are in the system keyring (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No system keyring is available: credentials are kept for this session only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each origin&apos;s credentials are sent to that origin only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{where} {only}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>system keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this session</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoFaults</name>
    <message>
        <source>hub signs deliveries with the wrong key (WebSub §7.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub omits X-Hub-Signature although the subscriber gave hub.secret (WebSub §7.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deliveries, topic URIs and XML documents carry text/plain instead of application/xml (change-notification 1.0.1 §4.1, §4.3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deliveries and topic URIs have no Link self/hub; resources have no Link rel=resourcesync (change-notification 1.0.1 §4.1, core 1.1 §6.3.3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change notifications are published in swapped pairs, so from/until intervals arrive out of sequence (change-notification 1.0.1 §3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>notification payloads and Change Lists are cut short (not well-formed XML)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>notification payloads and XML documents use a wrong ResourceSync namespace URI (core 1.1 §4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub waits before each delivery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub&apos;s verification GET names a topic the subscriber never requested (WebSub §5.3.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub&apos;s verification GET says hub.lease_seconds=0 while it keeps the clamped lease, as some real hubs do (WebSub §5.3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub answers 400 topic_not_supported to a subscription for a topic it does not serve, as allowlisted hubs do, instead of denying it (WebSub §5.2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub refuses every publication with 403, as hubs that take updates only from their own publisher do (WebSub §6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub verifies subscriptions and accepts publications but never delivers, while the Source keeps changing (the push fails silently; poll the Change Lists)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub drops every fifth delivery to each subscriber without a word (the Change Lists still list every change)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub makes one delivery attempt and never retries a failed one (WebSub §7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub ends a subscription once a delivery failed past its retries, before the lease runs out (WebSub §7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub takes a 410 Gone from a callback for a failure and keeps the subscription (WebSub §7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub keeps delivering after a lease ran out unrenewed (WebSub §5.3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub silently forgets each subscription after its third delivery, lease or not (WebSub §7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub keeps subscriptions in memory only, so a restart (POST /demo/hub/restart) loses them all (WebSub §7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>framework notifications and component lists lack the rel=index link (framework-notification 1.0.1 §3, core 1.1 §6.2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DiffWindow</name>
    <message>
        <source>Document diff — {title}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DocumentPanel</name>
    <message>
        <source>(no capability)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{kind} ({root}), {entries}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>legacy syntax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>and {more}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumers read a document that could be parsed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>notification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A notification channel has no document to read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The document&apos;s bytes are no longer kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{shown} of {total}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{capability} channel · hub: {hub}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none declared)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscribe from the context menu or the Subscriptions panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems ({count})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DocumentWidgets</name>
    <message>
        <source>Open a Source to see its documents.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Document header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter entries by loc, type or hash (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entry filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change type filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entry count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{shown} of {total}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Esc clears the filter; a new document starts unfiltered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XML source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Document tabs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EntriesTableModel</name>
    <message>
        <source>line {line}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EvidencePane</name>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange detail</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExchangeExport</name>
    <message>
        <source>no exchanges to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export exchanges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>export failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exported {count} to {path}, secrets masked</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExchangeModel</name>
    <message>
        <source>→ out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>← in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topic</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExplorerServices</name>
    <message>
        <source>the store is open read-only: no callback server, no new subscriptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>port {port} cannot be used ({reason})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{url}: no answer ({error})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{url}: reached this callback server (it answered {status} to the probe, as expected for an unknown path); hubs can call back through it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{url}: answered {status}, but the request never reached this callback server: the tunnel or proxy points somewhere else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the earlier version of this document is not held (e.g. after a restart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot diff: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the demo could not have its port again and runs at {new}: {count} subscription(s) subscribed again there</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FeedForwarding</name>
    <message>
        <source>Forwarded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} of the chosen deliveries belong to subscriptions not forwarded: use Forward to… on their subscription first</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FeedModel</name>
    <message>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>framework</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REJECTED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watchdog</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FeedPanel</name>
    <message>
        <source>It was acknowledged to the hub but is not a notification.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the documents it names are being refetched; the diff follows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tracker&apos;s state is not kept across restarts, or it could not be computed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{entries} (no diff: {why}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last known: {fields}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new: {fields}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no tracked field changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no diff: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added: {locs}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computing the diff of {url}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watchdog: {verdict}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>paused: %n new row(s) ↓</source>
        <translation>
            <numerusform>paused: %n new row ↓</numerusform>
            <numerusform>paused: %n new rows ↓</numerusform>
        </translation>
    </message>
    <message>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{url}: {removed}, {added} (canonical XML, old left, new right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) removed</source>
        <translation>
            <numerusform>%Ln line removed</numerusform>
            <numerusform>%Ln lines removed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln added</source>
        <translation>
            <numerusform>%Ln added</numerusform>
            <numerusform>%Ln added</numerusform>
        </translation>
    </message>
    <message>
        <source>{url}: no diff — {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>export failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exported {count} to {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the live feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove all {count} from the feed? The store keeps them, but they are not shown here again, even after a restart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or delete them from the store for good. Subscriptions and the HTTP inspector&apos;s log are kept either way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear and delete from the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store is open read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>feed cleared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>feed cleared, but deleting from the store failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>feed cleared; {count} deleted from the store</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FeedWidgets</name>
    <message>
        <source>Channel filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>framework</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change type filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by topic, loc, code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feed text filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto-scroll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto-scroll (untick to pause)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the newest notification in view; pauses while a row is selected or the pointer is over the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove every row from the feed (asks first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the rows shown as JSON lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entry changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notification warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw payload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refetched document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open in a window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this diff in a window of its own, most of the screen high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Document diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notification detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto-scroll is paused while a row is selected or the pointer is over the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings ({count})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{shown} of {total}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FleetActions</name>
    <message>
        <source>Fleet…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The health of the Sources a fleet watches (Settings ▸ Fleet)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FleetModel</name>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>next run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unannounced changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FleetPage</name>
    <message>
        <source>e.g. postgresql://explorer@db.example.org/fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fleet database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The PostgreSQL database the fleet command keeps its Sources in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This address holds a password: it will be kept without it. Put the password in libpq&apos;s password file (~/.pgpass, readable by you alone).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty: no fleet. The window only reads the fleet (Tools ▸ Fleet…). The address is kept without a password; libpq reads the password from ~/.pgpass (or the file PGPASSFILE names).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FleetPanel</name>
    <message>
        <source>Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No fleet database set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No fleet database is set: enter one in Settings ▸ Fleet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fleet database: {dsn}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the fleet…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Fleet view needs the fleet&apos;s optional dependencies, which are not installed: pip install &apos;resourcesync-explorer[fleet]&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot reach the fleet database at {host} ({dsn}): {reason}. Start PostgreSQL there, or correct the address in Settings ▸ Fleet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database at {host} ({dsn}) holds no fleet: run resourcesync-explorer fleet init --db against it, or correct the address in Settings ▸ Fleet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} Sources, {problems} with problems; read {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{url} has no snapshot yet: its first run has not finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored snapshot of {time}, not live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Source tree shows the stored snapshot of {url} taken {time} ({shown} of {documents} documents), not a live read. Open its address again to read it now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The snapshot of {url} holds no documents.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FleetWidgets</name>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the health table from the fleet database again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only Sources with findings, unreachable, stale or not in sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open latest snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the selected Source&apos;s latest stored snapshot in the Source tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fleet health table</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FolderDialogWidgets</name>
    <message>
        <source>Open folder as Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a folder of ResourceSync documents as the Source it will be once uploaded: every file is read as if served at the base URL, and links resolve to files. Checks that need an HTTP server are not applicable on disk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder that holds the documents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address the folder will be served at once uploaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FolderServices</name>
    <message>
        <source>{address} is a folder with no base URL yet: open it with File ▸ Open folder as Source…, which asks for the address it will be served at.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ForwardAnswerView</name>
    <message>
        <source>Not forwarded (or not answered yet).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{reason} (at {time})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{target}: no answer at {time} ({error}), attempt {attempts}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{target} answered {status} at {time} in {ms:.0f} ms, attempt {attempts}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer of your application</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ForwardDialog</name>
    <message>
        <source>Give the application&apos;s address as http://host:port/path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave the user name and password out of the URL; give an &apos;Authorization: …&apos; header instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The forward secret is only spaces: type the secret, or empty the field to forward unsigned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The forward secret is too long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Header line {number} is not &apos;Name: value&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ForwardDialogWidgets</name>
    <message>
        <source>Forward to…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>http://127.0.0.1:8000/hook (your application)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: forwarded unsigned; a secret signs each delivery (X-Hub-Signature)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature algorithm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra headers, one &apos;Name: value&apos; a line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra headers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also forward unverified deliveries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unverified: no valid hub signature (a 2012 callback or XMPP push, a subscription without a secret), so anyone who knows the callback URL could have sent it. Ticked: sent without X-Hub-Signature and with X-ResourceSync-Explorer-Verified: no. Not ticked: not forwarded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscription</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unverified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop forwarding</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GeneralPage</name>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long one document request may wait for an answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra attempts after a connection failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applies to the next document opened.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GuideViewer</name>
    <message>
        <source>User guide</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <source>History — {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the history…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saving a snapshot of the whole Source…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saving a snapshot: {count} requests…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comparing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saving a snapshot now, then comparing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{label}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A: {a}  →  B: {b}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>documents: {added} added, {removed} removed, {changed} changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{capability} entries: {added} added, {removed} removed, {changed} changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>findings: {new} new, {fixed} fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changes the Change Lists did not announce: {count}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B has no Change List: announcements not checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the first {count} rows are shown; Export writes them all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the comparison</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryWidgets</name>
    <message>
        <source>Save snapshot…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the two selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the selected with now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save one every</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>While this window is open, save a snapshot on a schedule and compare it with the one before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all differences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by URL, loc, field or value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HubWorkbench</name>
    <message>
        <source>Publish: §4.1 POST, else hub.mode=publish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish: §4.1 POST only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish: hub.mode=publish only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Don&apos;t publish: the Source does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WARN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOT RUN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a notification payload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XML (*.xml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any file (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read {path}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loaded {path} ({size} bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not well-formed XML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ valid {kind}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the callback server is not running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the hub&apos;s http(s) URL first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>publishing {size} bytes to {hub} …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>published: {answer} in {ms} ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the callback server is not running; start it in the Subscriptions panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running conformance checks against {hub} …</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>conformance run cancelled after %n check(s); the others are listed as not run</source>
        <translation>
            <numerusform>conformance run cancelled after %n check; the others are listed as not run</numerusform>
            <numerusform>conformance run cancelled after %n checks; the others are listed as not run</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n check(s): {passed} pass, {warned} warn, {failed} fail, {skipped} not run</source>
        <translation>
            <numerusform>%n check: {passed} pass, {warned} warn, {failed} fail, {skipped} not run</numerusform>
            <numerusform>%n checks: {passed} pass, {warned} warn, {failed} fail, {skipped} not run</numerusform>
        </translation>
    </message>
    <message>
        <source>conformance run finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled before it finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>depends on: {check}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n exchange(s) show it:</source>
        <translation>
            <numerusform>%n exchange shows it:</numerusform>
            <numerusform>%n exchanges show it:</numerusform>
        </translation>
    </message>
    <message>
        <source>line {line}: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HubWorkbenchWidgets</name>
    <message>
        <source>Hub under test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscriber under test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub URL, e.g. http://127.0.0.1:8080/hub</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hub URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topic URL (empty: host one on the callback server)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topic URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host topic here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve a topic URI (HEAD/GET, notification §4.1) on the callback server, answering with the last payload published</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What is under test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hub</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workbench status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payload editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no payload yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payload problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>POST as application/xml with Link self, hub and resourcesync (change-notification 1.0.1 §4.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the hub&apos;s full response appears here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hub response</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conformance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wait for a verification or a delivery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watch this long for deliveries that must not come</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after a verified (un)subscription, give the hub this long to act on it before publishing; a delivery inside it is a warning, not a failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish style</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how the checks publish; with the Source publishing, they wait for its deliveries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run every conformance check against the hub</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the conformance run; finished checks stay listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quiet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>also check what the hub remembers after failed deliveries, a 410, a lease&apos;s end and a restart; they wait out its retries and a short lease (minutes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hub restart command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shell command that restarts the hub (for the restart check)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conformance results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conformance summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select a check to see its evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InspectorForwarding</name>
    <message>
        <source>forwarded: {answer}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InspectorPanel</name>
    <message>
        <source>received {when} · kind {kind}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent {when} · kind {kind}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no response</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… first {kept} of {size} bytes kept (cap {cap})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{shown} of {total}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>curl command copied; its hub.secret is masked (••••): put the subscription&apos;s secret in its place (Copy secret, Subscriptions) or it subscribes with the mask as its secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>curl command copied, secrets masked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no credentials or secret are kept for this request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>curl command copied, WITH secrets in clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copied a curl command with secrets in clear for {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copied a curl command for {method} {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replayed: the callback answered {answer}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>delivery replayed: the callback answered {answer}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InspectorWidgets</name>
    <message>
        <source>HTTP exchanges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as curl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay delivery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay delivery to its callback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as curl with secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as curl with the real secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the request with the credentials kept for its origin and, for a subscription request, its real hub.secret: in clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the selected request as a curl command, credentials and secrets masked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>POST the selected delivery again to its callback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save exchanges as HAR 1.2, CSV or JSON lines, secrets masked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All exchanges…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The filtered exchanges…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected exchanges…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter: method, status, kind, topic or URL words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every word must match, e.g. &quot;POST 202&quot; or &quot;delivery in&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow newest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the newest exchange in view; pauses while a row is selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange count</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Job</name>
    <message>
        <source>exporting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{rows} rows written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LeaseHistory</name>
    <message>
        <source>Lease history — {topic}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{topic}
hub {hub}; state {state}; lease {lease} s, until {expires}{error}
{count} requests and verifications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; last renewal failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LeaseHistoryWidgets</name>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LeaseModel</name>
    <message>
        <source>request to the hub: subscribe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request to the hub: unsubscribe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verification of intent from the hub</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub.mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub.lease_seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>answer (verbatim)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LivePage</name>
    <message>
        <source>Callback bind address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>127.0.0.1 accepts only this computer; 0.0.0.0 every network interface</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any free port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Callback port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A fixed port, e.g. for a tunnel or a firewall rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. https://my-tunnel.example/ (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Public URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The callback server&apos;s address as hubs reach it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feed size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deliveries kept on screen; the store keeps every one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new address or port restarts the callback server.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LiveWiring</name>
    <message>
        <source>A subscribed set of resources could not be read, so the first diffs of its notifications have no earlier version: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>starting engines…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>found via /.well-known/resourcesync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>found via an HTTP Link header (rel=resourcesync)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>found via an HTML &lt;link rel=&quot;resourcesync&quot;&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>found via robots.txt Sitemap lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the address is a ResourceSync document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTML link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/.well-known/resourcesync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>robots.txt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscriptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP inspector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hub workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>found via {route}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discovery routes tried:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no Source Description found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{url} could not be read ({error}); showing instead the Source Description that was {route}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ResourceSync Explorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch every fault off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo fault {name} on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo fault {name} off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layout reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>General</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>settings saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user guide could not be opened: it is docs/user-guide.md in the explorer&apos;s source distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copied {url}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindowWidgets</name>
    <message>
        <source>Go to address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a Source URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the previous document or Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch the open document again, keeping your place in the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-discover Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discover and load the whole Source again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network, live side and appearance settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter the entries table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy document URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the open document&apos;s URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the user guide: each task step by step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List every keyboard shortcut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open folder as Source…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a folder of documents as the Source it will be once uploaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save every finding of the Source as an HTML page or CSV to hand over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save recording…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write what this session read and received, for demo-source --replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the next problem of the Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the previous problem of the Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check an X-Hub-Signature against a body and a secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put every panel back where it started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Navigation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source URL: site root, document or resource (Ctrl+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discover and open the Source at this address (Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discovery outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About ResourceSync Explorer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show or hide the details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NetworkPage</name>
    <message>
        <source>TLS certificates are NOT verified: anyone on the network path can read and change what is fetched, and see the credentials sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System and environment (HTTPS_PROXY…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None (direct)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proxy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>http://proxy.example.org:3128</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proxy URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PEM file with extra root certificates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra CA bundle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not verify TLS certificates (insecure)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not verify TLS certificates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificates are checked against the system&apos;s trust store, plus the extra bundle. Applies to documents opened from now on; hub requests follow after the callback server restarts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt *.cer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network settings not applied: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OpenFolderDialog</name>
    <message>
        <source>Folder to read as a Source</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlainLabel</name>
    <message>
        <source>({count} more characters)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlanActions</name>
    <message>
        <source>Plan a harvest…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What a harvest of this Source will cost, and what it would miss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open a Source first: the plan is of the Source shown in the tree</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlanPanel</name>
    <message>
        <source>Plan a harvest — {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot plan: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the Source…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the Source: {count} requests…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing forces refetching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} requests, {wire} bytes on the wire</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlanWidgets</name>
    <message>
        <source>connections: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 2026-12-01T00:00:00Z; empty: the last snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: the folder holding a local copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional, one a line: URL_PREFIX=FOLDER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: the OAI-PMH base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: OAI_TEMPLATE=LOC_TEMPLATE with {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delay between requests:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incremental from:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local copy:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL prefix mappings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OAI-PMH:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Identifier map:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metadata prefix:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incremental</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Documents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Body bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes on the wire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Resource Dump saves</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProblemsModel</name>
    <message>
        <source>severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spec</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{spec} (translated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} times, first: {message}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProblemsView</name>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {line}, column {column}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {line}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{head} ({where})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProgressIndicator</name>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel job</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PublicUrlMove</name>
    <message>
        <source>{count} live subscription(s) will be subscribed again with callbacks at {url}. Each old subscription is ended only once the hub has verified its replacement; if the hub cannot reach {url}, the old one stays active.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Public URL not tested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{url} has not been tested: press Test first to see that hubs can reach it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Public URL failed its test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{url} did not reach this callback server when tested: hubs will not reach it either, so the move would fail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move subscriptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply and move</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PushFormText</name>
    <message>
        <source>XMPP PubSub (2012 draft)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP callback (2012 draft)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: the 2012 draft has no lease</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordingAction</name>
    <message>
        <source>Save recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recordings (*.jsonl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The recording could not be saved: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recording saved to {path}: {documents} documents, {deliveries} deliveries; play it back with demo-source --replay</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReplayActions</name>
    <message>
        <source>Replay…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this exchange is not in the store yet; try again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReplayDialog</name>
    <message>
        <source>Header line {number} is not &apos;Name: value&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The secret is empty or blank, so there is nothing to re-sign with: type the subscription&apos;s secret (hub.secret), or choose Send with its original signature.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>delivery {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exchange {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-signed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with its original signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unsigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exchange {id}, replay of {original}, {signing}: no answer ({error})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exchange {id}, replay of {original}, {signing}: {status} in {ms:.0f} ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReplayDialogWidgets</name>
    <message>
        <source>Replay…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headers, one &apos;Name: value&apos; a line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-sign with this secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send with its original signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature algorithm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer appears here, recorded in the log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportExport</name>
    <message>
        <source>Open a Source before exporting its report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>export failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report of {findings} written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SideBySideDiffView</name>
    <message>
        <source>Old version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New version</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SignatureDialog</name>
    <message>
        <source>The body is over {limit} MiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste the X-Hub-Signature value, e.g. sha256=…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the secret the subscription gave the hub (hub.secret).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid: not ALGORITHM=HEX with ALGORITHM one of sha1, sha256, sha384, sha512 (WebSub §7.1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SignatureWidgets</name>
    <message>
        <source>Signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste the body exactly as it was sent (UTF-8; line endings count)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X-Hub-Signature value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the subscription&apos;s hub.secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the one the header names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A receiver that insists on one algorithm refuses every other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X-Hub-Signature:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secret:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Algorithm:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show expected value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The value this secret gives for this body: as good as the secret for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SnapshotsModel</name>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>documents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SourceController</name>
    <message>
        <source>waiting: {state}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>discovering…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on disk: {folder} as {base_url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open {url}: {cause}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No ResourceSync document found from {url}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> The Source already open stays open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{url} is not among the documents loaded from the Source it leads to: it is shown on its own, with its problems.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{url} is not a ResourceSync document: {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{url} is not a ResourceSync document.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Its text is in the XML source tab; click the problem to go to its line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refreshing {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refreshed {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open in browser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the live site in browser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read here from {file}; the browser would go to the live site: {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscribe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscribe at the live site&apos;s hub</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh this document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all entries of this index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write search-engine twin…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check resources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check dump</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copied {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the components of {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{entries} from {documents}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subscription to {topic} requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load {url} before checking it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n package(s) downloaded and each compared with its manifest.xml (members present, sizes and hashes as listed)</source>
        <translation>
            <numerusform>%n package downloaded and each compared with its manifest.xml (members present, sizes and hashes as listed)</numerusform>
            <numerusform>%n packages downloaded and each compared with its manifest.xml (members present, sizes and hashes as listed)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>up to %n resource file(s) read from the folder: present, and length and hashes against the list where it gives them</source>
        <translation>
            <numerusform>up to %n resource file read from the folder: present, and length and hashes against the list where it gives them</numerusform>
            <numerusform>up to %n resource files read from the folder: present, and length and hashes against the list where it gives them</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>up to %n resource(s) requested: status, type, length and Last-Modified against the list, and hashes where it gives them</source>
        <translation>
            <numerusform>up to %n resource requested: status, type, length and Last-Modified against the list, and hashes where it gives them</numerusform>
            <numerusform>up to %n resources requested: status, type, length and Last-Modified against the list, and hashes where it gives them</numerusform>
        </translation>
    </message>
    <message>
        <source>the findings are in the Problems tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the dump of {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the resources of {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dump check of {url}: {findings}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resources check of {url}: {findings}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SourceProblemsModel</name>
    <message>
        <source>(the Source)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spec</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SourceProblemsPanel</name>
    <message>
        <source>Required ({count})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommended ({count})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Informational ({count})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every code ({count})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every document ({count})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no problems in the loaded documents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{shown} of {total}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no problems to go to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in {place}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SourceProblemsWidgets</name>
    <message>
        <source>Errors: what the specification says must be</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings: what the specification says should be, or a likely mistake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes worth knowing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show one code only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show one document or channel only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save every finding as one HTML page to hand over, or as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems of the Source</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SourceTreeModel</name>
    <message>
        <source>  (loading…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  (failed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  (skipped: limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  (listed elsewhere)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XMPP PubSub channel (2012 draft)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP callback channel (2012 draft)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} channel — hub {hub}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub: {hub}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP {status} in {ms} ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoreProblemDialog</name>
    <message>
        <source>The store cannot be opened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another explorer window or a listen command is using the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only one of them can write to it at a time. Open it read-only to see the stored subscriptions and notifications (no new subscriptions, no callback server), or quit and close the other one first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store is damaged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite&apos;s integrity check found problems in it. Open it read-only to see what can still be read, or quit and move the file aside: a new, empty store is made in its place at the next start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store cannot be used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit, then move the file aside or start with --store PATH.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SubscriberWorkbench</name>
    <message>
        <source>Discovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ResourceSync payloads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copied: {line}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose at least one test</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>running %n subscriber test(s) …</source>
        <translation>
            <numerusform>running %n subscriber test …</numerusform>
            <numerusform>running %n subscriber tests …</numerusform>
        </translation>
    </message>
    <message>
        <source>the subscriber check could not start: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopping the subscriber check …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{test}: start your subscriber now; it has {seconds} s to subscribe</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n test(s): {passed} pass, {warned} warn, {failed} fail, {skipped} not run</source>
        <translation>
            <numerusform>%n test: {passed} pass, {warned} warn, {failed} fail, {skipped} not run</numerusform>
            <numerusform>%n tests: {passed} pass, {warned} warn, {failed} fail, {skipped} not run</numerusform>
        </translation>
    </message>
    <message>
        <source>subscriber check stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subscriber check finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>websub.rocks subscriber test {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n exchange(s) show it:</source>
        <translation>
            <numerusform>%n exchange shows it:</numerusform>
            <numerusform>%n exchanges show it:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SubscriberWorkbenchWidgets</name>
    <message>
        <source>Subscriber command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>command that starts your subscriber, with {topic}, {caplist} or {hub}; empty: start it by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run once per test through the shell, each placeholder replaced by that test&apos;s URL, and stopped after the test with its whole process group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tests to run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how long each test waits for the subscriber to subscribe (--timeout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the chosen tests against the subscriber</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the run and the subscriber it started; finished tests stay listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the resourcesync-explorer subscriber-check command that runs this form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscriber under test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URLs for the subscriber</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscriber test results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select a test to see its reason and evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscriber test summary</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SubscriptionForwarding</name>
    <message>
        <source>Forward to…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select a subscription to forward its deliveries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forwarding deliveries of {topic} to {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forwarding of {topic} stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no system keyring: the forward secret is kept for this session only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forwarding of {topic} not restarted: its secret was kept for the last session only; give it again with Forward to…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forwarding was not restarted for {topics}: with no system keyring its secret was kept for the last session only. Give it again with Forward to…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SubscriptionPanel</name>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address hubs use to reach this callback server, e.g. a tunnel (ngrok, cloudflared) forwarding to {place}. Press Test, then Apply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request a probe through the public URL and see whether it arrives here: the tunnel must forward to {place}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>callback server: {note}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not listening: the store is open read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store is open read-only: another explorer uses it, or it is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{line} (×{count})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>secret of {topic} copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the public URL is already in use; nothing to move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>public URL not applied: the subscriptions stay as they are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moving {count} subscription(s) to {url}: waiting up to {seconds:g} s for each hub&apos;s verification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the local address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{moved} subscription(s) moved; {kept} kept at their old callback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>testing {url} …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test of {url}: {report}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>public URL test finished: {report}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease {seconds} s ({duration})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SubscriptionPanelWidgets</name>
    <message>
        <source>Callback bind address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any free port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Callback port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start or stop the callback server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Public URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use this public URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart the callback server with this public URL and move live subscriptions to it (you are asked first; an old subscription ends only once the hub has verified its replacement)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test the public URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request a probe through the public URL to see it arrive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Callback server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Public URL: https://….ngrok.app (optional tunnel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bind address and port of the callback server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Public URL test result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topic URL (or pick a channel in the Source tree)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub URL (empty: discover from the topic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hub</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscribe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscriptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Renew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsubscribe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward to…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask the hub to renew the selected subscription&apos;s lease now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask the hub to end the selected subscription</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the selected subscription&apos;s hub.secret to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass the selected subscription&apos;s deliveries on to your own application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the ended, denied and failed rows from this list (the store keeps them: their notifications refer to them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscription events and hub answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscription events and hub answers (verbatim)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Callback server: {status}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SubscriptionsModel</name>
    <message>
        <source>state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hub</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flavour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forwarding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>renewing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unsubscribing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not served</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale callback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>renewal failing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no lease given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{duration} left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asking the hub…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>masked; use Copy secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>callback: {url}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimeActions</name>
    <message>
        <source>Save snapshot…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the whole Source as it is now, to compare with later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This Source&apos;s snapshots, and what changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit a local copy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Is a local copy in sync with this Source, and what differs?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open a Source first: snapshots are of the Source shown in the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label (optional), e.g. before-migration:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimeChart</name>
    <message>
        <source>Baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incremental</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TwinWriting</name>
    <message>
        <source>Write search-engine twin into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the search-engine twin of {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Twin written into {folder}; add to robots.txt: {lines}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WatchdogPanel</name>
    <message>
        <source>select a subscription</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checking every {seconds} s; verdicts appear in the live feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not watched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the Capability List&apos;s http or https URL to check its Change Lists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watchdog: {topic}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WatchdogWidgets</name>
    <message>
        <source>Watchdog: is the hub still delivering?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check every</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the Capability List&apos;s Change Lists every period and compare them with the notifications received: changes never notified, notified changes never listed, and a hub gone quiet are reported in the feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Capability List naming this channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capability List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease history…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every subscription request, the hub&apos;s answers and its verifications</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>XmlSourceView</name>
    <message>
        <source>XML source</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>XmppAccountPanel</name>
    <message>
        <source>empty: the kept password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account must be user@domain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the account&apos;s password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server must be host:port, or empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{jid}: {error}; the password is kept for this session only.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>XmppAccountWidgets</name>
    <message>
        <source>XMPP account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscribe to the XMPP PubSub channel {node} (2012 draft) with your own XMPP account. Its Change Sets arrive over XMPP; there is no lease.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account (JID)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user@example.org</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host:port; empty: the JID&apos;s domain, by DNS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remember the password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A remembered password goes to the system keyring ({keyring}); it is never shown, logged or exported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No system keyring is available: the password is kept for this session only, and asked for again after a restart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscribe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
