-- +goose Up
-- A lesson plan's JSON is 4 to 13 KB (7.7 KB on average). PostgreSQL compresses any row over
-- 2 KB and moves what is still too long into the table's TOAST table: on every submission a
-- pglz compression, and a second table's write and index entry. With the target at a page's
-- usable size, a row is stored as it is while it fits in a page, and only a longer one is
-- compressed (it then fits, in place); the TOAST table stays empty. Plans are written once
-- and read one at a time, so the larger table costs nothing a teacher notices. make bench's
-- plans, run in turn with and without this: 1,319 → 1,538, 1,452 → 1,585, 1,376 → 1,387 plans/s.
ALTER TABLE lesson_plans SET (toast_tuple_target = 8160);

-- +goose Down
ALTER TABLE lesson_plans RESET (toast_tuple_target);
