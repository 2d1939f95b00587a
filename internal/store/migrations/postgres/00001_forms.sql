-- +goose Up
-- Newsletter subscribers. email is stored lower-cased and is unique. status is pending (not
-- yet confirmed), confirmed, or unsubscribed.
CREATE TABLE subscribers (
    id                   BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email                TEXT      NOT NULL UNIQUE,
    status               TEXT      NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
    spam                 BOOLEAN   NOT NULL DEFAULT FALSE,
    created_at           TIMESTAMPTZ NOT NULL,
    updated_at           TIMESTAMPTZ NOT NULL,
    confirmation_sent_at TIMESTAMPTZ,
    confirmed_at         TIMESTAMPTZ,
    unsubscribed_at      TIMESTAMPTZ
);

-- Tokens sent in emails. Only the SHA-256 of a token is kept, so a copy of the database
-- cannot confirm or unsubscribe anyone.
CREATE TABLE subscriber_tokens (
    token_hash    BYTEA     PRIMARY KEY,
    subscriber_id BIGINT    NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
    purpose       TEXT      NOT NULL CHECK (purpose IN ('confirm', 'unsubscribe')),
    created_at    TIMESTAMPTZ NOT NULL,
    expires_at    TIMESTAMPTZ
);
CREATE INDEX subscriber_tokens_subscriber ON subscriber_tokens (subscriber_id);

CREATE TABLE contacts (
    id           TEXT      PRIMARY KEY,
    name         TEXT      NOT NULL,
    email        TEXT      NOT NULL,
    reason       TEXT      NOT NULL,
    organisation TEXT      NOT NULL,
    message      TEXT      NOT NULL,
    spam         BOOLEAN   NOT NULL DEFAULT FALSE,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX contacts_email ON contacts (email);

CREATE TABLE lesson_plans (
    reference           TEXT      PRIMARY KEY,
    email               TEXT      NOT NULL,
    subject             TEXT      NOT NULL,
    grade               TEXT      NOT NULL,
    topic               TEXT      NOT NULL,
    duration            INTEGER   NOT NULL,
    name                TEXT      NOT NULL,
    school              TEXT      NOT NULL,
    objectives          TEXT      NOT NULL,
    standards           TEXT      NOT NULL,
    instructional_model TEXT      NOT NULL,
    differentiation     TEXT      NOT NULL, -- JSON array of option values
    notes               TEXT      NOT NULL,
    spam                BOOLEAN   NOT NULL DEFAULT FALSE,
    created_at          TIMESTAMPTZ NOT NULL
);
CREATE INDEX lesson_plans_email ON lesson_plans (email);

-- Outgoing email, written in the same transaction as the data it is about and delivered by
-- the worker in internal/mail. status: pending, sent or failed.
CREATE TABLE outbox (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind            TEXT      NOT NULL,
    recipient       TEXT      NOT NULL,
    about           TEXT      NOT NULL DEFAULT '', -- address of the person the message concerns
    payload         TEXT      NOT NULL,
    status          TEXT      NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        INTEGER   NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    locked_until    TIMESTAMPTZ,
    last_error      TEXT      NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL,
    sent_at         TIMESTAMPTZ
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_recipient ON outbox (recipient);
CREATE INDEX outbox_about ON outbox (about);

-- +goose Down
DROP TABLE outbox;
DROP TABLE lesson_plans;
DROP TABLE contacts;
DROP TABLE subscriber_tokens;
DROP TABLE subscribers;
