-- A job queue in the database (decision 0127, issue 35 item 3): work that must happen at a time, and must still happen
-- after a restart. One row per thing to do (`key`, e.g. `firmware-rollout:<rollout id>`), due at `run_at`. A worker
-- claims due rows with `FOR UPDATE SKIP LOCKED` and locks them until `locked_until` (a worker that died lets go when
-- that passes); the work reschedules its row in its own transaction, or the worker deletes it when done.
CREATE TABLE jobs (
  key text PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  run_at timestamptz NOT NULL,
  locked_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_run_at ON jobs (run_at);

-- Rollouts that were open before the queue existed are advanced from now on.
INSERT INTO jobs (key, kind, payload, run_at)
SELECT 'firmware-rollout:' || id, 'firmware-rollout', jsonb_build_object('rolloutId', id), date_trunc('milliseconds', now())
FROM firmware_rollouts
WHERE status IN ('running', 'paused') OR (status = 'cancelled' AND finished_at IS NULL);
