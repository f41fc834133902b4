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
        <source>framework notifications and component lists lack the rel=index link (framework-notification 1.0.1 §3, core 1.1 §6.2)</source>
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
        <source>legacy syntax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>and {more}</source>
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
    <name>ExchangeModel</name>
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
        <source>rejected delivery: {reason} (signature {signature})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FeedPanel</name>
    <message>
        <source>Rejected delivery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(signature: {signature})</source>
        <translation type="unfinished"></translation>
    </message>
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
        <source>JSON lines (*.jsonl)</source>
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
        <source>Warnings ({count})</source>
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
        <source>conformance run cancelled after %n check(s)</source>
        <translation>
            <numerusform>conformance run cancelled after %n check</numerusform>
            <numerusform>conformance run cancelled after %n checks</numerusform>
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
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange detail</source>
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
        <source>curl command copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copied a curl command for {method} {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no credentials are kept for this request&apos;s origin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>curl command copied, WITH credentials in clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copied a curl command with credentials for {url}</source>
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
        <source>Copy as curl (with credentials)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as curl with the real credentials</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the request with the credentials kept for its origin, in clear</source>
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
        <source>Copy the selected request as a curl command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>POST the selected delivery again to its callback</source>
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
        <source>settings saved</source>
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
        <source>&amp;View</source>
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
</context>
<context>
    <name>PlainLabel</name>
    <message>
        <source>({count} more characters)</source>
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
        <source>No ResourceSync document found from {url}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> The Source already open stays open.</source>
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
        <source>Copy URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscribe</source>
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
        <source>lease {seconds} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>secret of {topic} copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>testing {url} …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>public URL test finished: {report}</source>
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
        <source>https://….ngrok.app (optional tunnel)</source>
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
        <source>Restart the callback server with this public URL</source>
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
        <source>Bind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reachable at</source>
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
        <source>Subscription events and hub answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subscription events and hub answers (verbatim)</source>
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
