-- +goose Up
-- The webhook worker's claim looks for pending webhook deliveries. Through outbox_pending
-- (status, id) it walked every pending email to find them, and emails pile up whenever
-- submissions come faster than the mail server takes them: each claim (one after every
-- submission) read them all. This index holds the webhook deliveries alone, so the claim
-- goes straight to them and an email's insert does not touch it. The mail worker's claim
-- (kind <> 'webhook') keeps using outbox_pending.
CREATE INDEX outbox_webhooks ON outbox (status, id) WHERE kind = 'webhook';

-- +goose Down
DROP INDEX outbox_webhooks;
