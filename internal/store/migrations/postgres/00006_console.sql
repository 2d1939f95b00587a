-- +goose Up
-- The team's console (issue 11): accounts, sessions, sign-in throttling, audit log, jobs,
-- webhooks, and the indexes its lists page through.

-- Console accounts, created on the command line only. password_hash is an argon2id PHC
-- string. totp_secret is sealed (AES-GCM, key from configuration; see internal/admin);
-- totp_last_step is the last time step accepted, so a code is never accepted twice.
CREATE TABLE admins (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email          TEXT      NOT NULL UNIQUE,
    password_hash  TEXT      NOT NULL,
    totp_secret    BYTEA,
    totp_enabled   BOOLEAN   NOT NULL DEFAULT FALSE,
    totp_last_step BIGINT   NOT NULL DEFAULT 0,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);

-- Console sessions. Only the SHA-256 of the cookie's token is kept. expires_at is the
-- absolute end; last_seen_at drives the idle expiry.
CREATE TABLE admin_sessions (
    token_hash   BYTEA      PRIMARY KEY,
    admin_id     BIGINT   NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
    created_at   TIMESTAMPTZ NOT NULL,
    last_seen_at TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX admin_sessions_admin ON admin_sessions (admin_id);

-- Failed sign-ins per key ("account:<email>" or "client:<address>"), kept in the database so
-- every instance sees the same counts. The window starts at the first failure.
CREATE TABLE sign_in_throttle (
    key          TEXT      PRIMARY KEY,
    failures     INTEGER   NOT NULL,
    window_start TIMESTAMPTZ NOT NULL,
    locked_until TIMESTAMPTZ
);

-- Who did what in the console (exports, deletions, accounts, webhooks). details is JSON.
CREATE TABLE audit_log (
    id      BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at      TIMESTAMPTZ NOT NULL,
    actor   TEXT      NOT NULL,
    action  TEXT      NOT NULL,
    subject TEXT      NOT NULL DEFAULT '',
    details TEXT      NOT NULL DEFAULT '{}'
);

-- Periodic jobs run by one instance at a time: a lease row per job (see store.ClaimJob).
CREATE TABLE jobs (
    name        TEXT      PRIMARY KEY,
    holder      TEXT      NOT NULL DEFAULT '',
    lease_until TIMESTAMPTZ,
    next_run_at TIMESTAMPTZ NOT NULL,
    last_run_at TIMESTAMPTZ,
    last_result TEXT      NOT NULL DEFAULT ''
);

-- Webhook endpoints. events is a JSON array of event types. secret is the raw signing key
-- (it must be read back to sign every delivery; see internal/webhook).
CREATE TABLE webhook_endpoints (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    url        TEXT      NOT NULL,
    events     TEXT      NOT NULL,
    secret     BYTEA      NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

-- One row per delivery attempt. event_id stays the same across an event's retries.
CREATE TABLE webhook_deliveries (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    endpoint_id BIGINT   NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_id    TEXT      NOT NULL,
    event       TEXT      NOT NULL,
    attempt     INTEGER   NOT NULL,
    status_code INTEGER   NOT NULL,
    error       TEXT      NOT NULL DEFAULT '',
    duration_ms INTEGER   NOT NULL,
    at          TIMESTAMPTZ NOT NULL
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id);

-- Contact messages the team has dealt with.
ALTER TABLE contacts ADD COLUMN handled_at TIMESTAMPTZ;

-- The console's lists: newest first, spam in a tab of its own. Each list walks one of these
-- in order and stops after a page, so a page costs the same at any depth and table size.
CREATE INDEX subscribers_list ON subscribers (spam, created_at, id);
CREATE INDEX subscribers_status_list ON subscribers (spam, status, created_at, id);
CREATE INDEX contacts_list ON contacts (spam, created_at, id);
CREATE INDEX lesson_plans_list ON lesson_plans (spam, created_at, reference);
-- The retention job finds sent mail by when it was sent.
CREATE INDEX outbox_sent ON outbox (status, sent_at);

-- +goose Down
DROP INDEX outbox_sent;
DROP INDEX lesson_plans_list;
DROP INDEX contacts_list;
DROP INDEX subscribers_status_list;
DROP INDEX subscribers_list;
ALTER TABLE contacts DROP COLUMN handled_at;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_endpoints;
DROP TABLE jobs;
DROP TABLE audit_log;
DROP TABLE sign_in_throttle;
DROP TABLE admin_sessions;
DROP TABLE admins;
