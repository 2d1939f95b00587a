-- +goose Up
-- The lesson plan made for each request, as JSON of internal/plan's Plan (one schema for
-- every generator). generator says who made it ("built-in", or the AI model's name).
-- ai_state: none (no AI configured when the request came), pending (an AI draft is still to
-- be made; the built-in plan is shown meanwhile), running (one instance has claimed it),
-- done, or failed (the built-in plan stays, labelled).
ALTER TABLE lesson_plans ADD COLUMN plan TEXT NOT NULL DEFAULT '';
ALTER TABLE lesson_plans ADD COLUMN generator TEXT NOT NULL DEFAULT '';
ALTER TABLE lesson_plans ADD COLUMN ai_state TEXT NOT NULL DEFAULT 'none'
    CHECK (ai_state IN ('none', 'pending', 'running', 'done', 'failed'));
ALTER TABLE lesson_plans ADD COLUMN plan_updated_at TIMESTAMPTZ;

-- "Was this useful?" answers, for the team. Deleted with their lesson plan.
CREATE TABLE plan_feedback (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reference  TEXT        NOT NULL REFERENCES lesson_plans (reference) ON DELETE CASCADE,
    useful     BOOLEAN     NOT NULL,
    comment    TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX plan_feedback_reference ON plan_feedback (reference);

-- +goose Down
DROP TABLE plan_feedback;
ALTER TABLE lesson_plans DROP COLUMN plan_updated_at;
ALTER TABLE lesson_plans DROP COLUMN ai_state;
ALTER TABLE lesson_plans DROP COLUMN generator;
ALTER TABLE lesson_plans DROP COLUMN plan;
