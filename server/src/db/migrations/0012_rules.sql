-- Rules (issue 19, decision 0063): every field of openapi.yaml's Rule is a column; the conditions, the clear
-- conditions and the recipients are JSON arrays. A rule watches its OEM (scope 1), one model of it (scope 2, model_id)
-- or one vehicle (scope 3, vehicle_id). The model, the vehicle and the author are named without a foreign key, as in
-- the demo: deleting a model or a vehicle is not refused for the rules that name them (those then watch nothing), and
-- the notifications a deleted rule sent keep its id and name (notifications.rule_id has no foreign key either).
CREATE TABLE rules (
  id text PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  device_kind text NOT NULL CHECK (device_kind IN ('EV', 'BMS', 'MCU', 'VCU')),
  scope smallint NOT NULL CHECK (scope IN (1, 2, 3)),
  oem_id text NOT NULL,
  model_id text,
  vehicle_id text,
  condition_operator smallint NOT NULL CHECK (condition_operator IN (1, 2)),
  conditions jsonb NOT NULL CHECK (jsonb_typeof(conditions) = 'array'),
  clear_conditions jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(clear_conditions) = 'array'),
  pending_seconds integer NOT NULL CHECK (pending_seconds BETWEEN 0 AND 86400),
  cooldown_seconds integer NOT NULL CHECK (cooldown_seconds BETWEEN 0 AND 604800),
  repeat_seconds integer NOT NULL CHECK (repeat_seconds BETWEEN 0 AND 604800),
  severity smallint NOT NULL CHECK (severity BETWEEN 0 AND 5),
  delivery_methods integer NOT NULL CHECK (delivery_methods BETWEEN 1 AND 63),
  recipients jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(recipients) = 'array'),
  webhook_url text,
  command_code text,
  open_ticket boolean NOT NULL,
  enabled boolean NOT NULL,
  last_fired_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((scope = 2) = (model_id IS NOT NULL)),
  CHECK ((scope = 3) = (vehicle_id IS NOT NULL))
);
CREATE INDEX rules_oem ON rules (oem_id);
CREATE INDEX rules_created_by ON rules (created_by);
CREATE INDEX rules_name ON rules (lower(name), id);
