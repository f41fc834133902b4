-- A store as the explorer of commit b2dc524 (store schema 2) left it: that release's
-- tables, and reasons kept as English text. tests/net/test_store_migration.py opens it.
BEGIN;
CREATE TABLE subscriptions (
    id TEXT PRIMARY KEY,
    topic TEXT NOT NULL,
    hub TEXT NOT NULL,
    callback_path TEXT NOT NULL UNIQUE,
    callback_url TEXT NOT NULL,
    secret TEXT,
    state TEXT NOT NULL,
    reason TEXT,
    flavour TEXT,
    channel_capability TEXT,
    requested_lease INTEGER,
    lease_seconds INTEGER,
    lease_expires REAL,
    verify_mode TEXT,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE notifications (
    id INTEGER PRIMARY KEY,
    subscription_id TEXT NOT NULL,
    topic TEXT NOT NULL,
    received REAL NOT NULL,
    status TEXT NOT NULL,
    signature TEXT NOT NULL,
    reason TEXT,
    content_type TEXT,
    headers TEXT NOT NULL,
    body BLOB NOT NULL,
    capability TEXT,
    from_time TEXT,
    until_time TEXT,
    summary TEXT,
    findings TEXT NOT NULL
);
CREATE INDEX notifications_by_subscription ON notifications (subscription_id, id);
CREATE TABLE exchanges (
    id INTEGER PRIMARY KEY,
    time REAL NOT NULL,
    direction TEXT NOT NULL,
    kind TEXT NOT NULL,
    method TEXT NOT NULL,
    url TEXT NOT NULL,
    status INTEGER,
    duration_ms REAL,
    request_headers TEXT NOT NULL,
    request_body BLOB,
    request_size INTEGER,
    response_headers TEXT NOT NULL,
    response_body BLOB,
    response_size INTEGER,
    body_cap INTEGER NOT NULL,
    error TEXT
);
CREATE TABLE store_marks (
    name TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
INSERT INTO subscriptions (id, topic, hub, callback_path, callback_url, secret, state, reason,
    flavour, channel_capability, requested_lease, lease_seconds, lease_expires, verify_mode,
    created, updated)
VALUES
    ('s-ended', 'http://t.test/a', 'http://h.test/', 'cb-a', 'http://cb.test/cb-a', NULL,
     'ended', 'ended by the user', 'websub', NULL, 600, 600, NULL, NULL, 1.0, 2.0),
    ('s-renewal', 'http://t.test/b', 'http://h.test/', 'cb-b', 'http://cb.test/cb-b', NULL,
     'active', 'renewal failed: the hub http://h.test/ is gone: nothing listens on h.test:80',
     'websub', NULL, 600, 600, 99.0, NULL, 3.0, 4.0),
    ('s-denied', 'http://t.test/c', 'http://h.test/', 'cb-c', 'http://cb.test/cb-c', NULL,
     'denied', 'not on the list', 'websub', NULL, 600, NULL, NULL, NULL, 5.0, 6.0),
    ('s-active', 'http://t.test/d', 'http://h.test/', 'cb-d', 'http://cb.test/cb-d', 'k',
     'active', NULL, 'websub', NULL, 600, 600, 99.0, NULL, 7.0, 8.0);
INSERT INTO notifications (id, subscription_id, topic, received, status, signature, reason,
    content_type, headers, body, capability, from_time, until_time, summary, findings)
VALUES
    (1, 's-active', 'http://t.test/d', 10.0, 'rejected', 'invalid',
     'sha256 signature does not match the body (347 bytes)', 'application/xml', '[]',
     X'3C75726C7365742F3E', NULL, NULL, NULL, NULL,
     '[{"severity": "error", "code": "websub.signature-invalid", "line": null, "message": "sha256 signature does not match the body (347 bytes)", "spec": "WebSub §7.1.2"}]'),
    (2, 's-active', 'http://t.test/d', 11.0, 'rejected', 'invalid',
     'a rejected delivery of 1,234 bytes was not kept: this subscription''s rejected deliveries are at their storage quota',
     'application/xml', '[]', X'', NULL, NULL, NULL, NULL, '[]'),
    (3, 's-active', 'http://t.test/d', 12.0, 'rejected', 'malformed',
     'the body (12 bytes) is not what the hub said', 'application/xml', '[]', X'', NULL, NULL,
     NULL, NULL, '[]'),
    (4, 's-active', 'http://t.test/d', 13.0, 'notification', 'valid', NULL, 'application/xml',
     '[]', X'3C75726C7365742F3E', 'changelist', NULL, NULL, NULL, '[]');
INSERT INTO store_marks (name, value) VALUES ('notifications_deleted_through', 0);
PRAGMA user_version=2;
COMMIT;
