-- +goose Up
-- Every address is looked up by one canonical form, computed in Go when it is written
-- (store.EmailKey: Unicode NFC of the whole address lower-cased), never by SQL lower(): SQLite's
-- folds ASCII only, so ÉLODIE@… and élodie@… were two people to it. The address as typed
-- stays in its own column, for display and sending. The UPDATEs below fill the key for
-- existing rows with SQL lower(), which is right for ASCII; the Go migration 00004
-- (store/email.go) then recomputes every key in Go, so non-ASCII addresses get theirs too.
ALTER TABLE subscribers ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
ALTER TABLE contacts ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
ALTER TABLE lesson_plans ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN recipient_key TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN about_key TEXT NOT NULL DEFAULT '';
UPDATE subscribers SET email_key = lower(email);
UPDATE contacts SET email_key = lower(email);
UPDATE lesson_plans SET email_key = lower(email);
UPDATE outbox SET recipient_key = lower(recipient), about_key = lower(about);
CREATE UNIQUE INDEX subscribers_by_key ON subscribers (email_key);
CREATE INDEX contacts_by_key ON contacts (email_key);
CREATE INDEX lesson_plans_by_key ON lesson_plans (email_key);
CREATE INDEX outbox_recipient_by_key ON outbox (recipient_key);
CREATE INDEX outbox_about_by_key ON outbox (about_key);

-- A confirmation token is used once: used_at is set when it confirms. A newer confirmation
-- token, or an unsubscribe, deletes the older ones (store/tokens.go).
ALTER TABLE subscriber_tokens ADD COLUMN used_at TIMESTAMP;

-- How much mail each visitor address got on a day (UTC; day = days since 1970-01-01), so
-- the per-recipient daily limit (MAIL_PER_RECIPIENT_DAY) holds across instances. Rows of
-- past days are deleted as new days begin (store/mailquota.go).
CREATE TABLE mail_quota (
    day       INTEGER NOT NULL,
    email_key TEXT    NOT NULL,
    sent      INTEGER NOT NULL,
    PRIMARY KEY (day, email_key)
);
CREATE INDEX mail_quota_by_key ON mail_quota (email_key);

-- API answers kept for a day by Idempotency-Key (server/idempotency.go): a retry with the
-- same key and body gets the same answer and stores nothing twice. status 0 means the first
-- request is still running. email_key is the address of the request body, so a data request
-- deletes these rows too.
CREATE TABLE idempotency (
    route        TEXT    NOT NULL,
    key          TEXT    NOT NULL,
    request_hash BLOB   NOT NULL,
    email_key    TEXT    NOT NULL,
    status       INTEGER NOT NULL,
    content_type TEXT    NOT NULL DEFAULT '',
    body         TEXT    NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (route, key)
);
CREATE INDEX idempotency_by_key ON idempotency (email_key);
CREATE INDEX idempotency_created ON idempotency (created_at);

-- +goose Down
DROP TABLE idempotency;
DROP TABLE mail_quota;
ALTER TABLE subscriber_tokens DROP COLUMN used_at;
DROP INDEX outbox_about_by_key;
DROP INDEX outbox_recipient_by_key;
DROP INDEX lesson_plans_by_key;
DROP INDEX contacts_by_key;
DROP INDEX subscribers_by_key;
ALTER TABLE outbox DROP COLUMN about_key;
ALTER TABLE outbox DROP COLUMN recipient_key;
ALTER TABLE lesson_plans DROP COLUMN email_key;
ALTER TABLE contacts DROP COLUMN email_key;
ALTER TABLE subscribers DROP COLUMN email_key;
