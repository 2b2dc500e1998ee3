-- Dashboards (openapi.yaml Dashboard, decisions 0076-0077): saved per account and the role it held when saving, in
-- the account's order (`position`); the panels and their places on the grid are a JSON array. The role type's
-- default dashboard is not stored (the services build it). A dashboard goes with its account.
CREATE TABLE dashboards (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  panels jsonb NOT NULL DEFAULT '[]',
  position integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX dashboards_owner ON dashboards (user_id, role, position, id);
