-- +goose Up
-- Measured with bench/forms.sh: claiming due messages by (status, next_attempt_at) made
-- SQLite walk the outbox in id order, sent messages included, so every claim got slower as
-- the outbox grew. (status, id) finds the pending ones, oldest first, directly.
DROP INDEX outbox_due;
CREATE INDEX outbox_pending ON outbox (status, id);
-- Indexes used only by ExportByEmail and DeleteByEmail (rare, by hand) cost every insert
-- extra pages written. Those commands can scan instead.
DROP INDEX contacts_email;
DROP INDEX lesson_plans_email;
DROP INDEX outbox_recipient;
DROP INDEX outbox_about;

-- +goose Down
CREATE INDEX contacts_email ON contacts (email);
CREATE INDEX lesson_plans_email ON lesson_plans (email);
CREATE INDEX outbox_recipient ON outbox (recipient);
CREATE INDEX outbox_about ON outbox (about);
DROP INDEX outbox_pending;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
