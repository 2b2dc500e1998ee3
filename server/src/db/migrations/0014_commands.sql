-- The command history (decision 0073): every field of openapi.yaml's Command is a column but the names the list
-- answers (the vehicle's VIN and registration, the sender's name come from their rows; a rule's name is kept with the
-- command, as the rules have not moved to the server). A command belongs to its vehicle and goes with it; its device,
-- sender and rule are named without a foreign key (the history stays as it was). `idempotency_key` and
-- `request_hash` (SHA-256 of the canonical request) are the server's only: a repeat of a send by the same user with
-- the same key answers the first send's commands, another request with that key is 409.
CREATE TABLE commands (
  id text PRIMARY KEY,
  vehicle_id text NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  device_id text,
  device_kind text NOT NULL CHECK (device_kind IN ('EV', 'BMS', 'MCU', 'VCU')),
  code text NOT NULL,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('Device', 'Rule', 'OTA')),
  status smallint NOT NULL CHECK (status IN (1, 2, 3)),
  sent_at timestamptz NOT NULL,
  acknowledged_at timestamptz,
  sent_by text,
  rule_id text,
  rule_name text,
  payload jsonb CHECK (payload IS NULL OR jsonb_typeof(payload) = 'object'),
  expires_at timestamptz NOT NULL,
  failure_reason text,
  idempotency_key text,
  request_hash text,
  CHECK ((idempotency_key IS NULL) = (request_hash IS NULL))
);
CREATE INDEX commands_sent_at ON commands (sent_at DESC, id);
CREATE INDEX commands_vehicle ON commands (vehicle_id, sent_at DESC);
CREATE INDEX commands_idempotency ON commands (sent_by, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX commands_pending ON commands (expires_at) WHERE status = 1;
