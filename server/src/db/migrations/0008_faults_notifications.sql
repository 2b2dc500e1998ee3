-- Fault and alert occurrences, and the notifications rules sent: every field of openapi.yaml's Fault and Notification
-- is a column (a notification's deliveries, one outcome per method, are a JSON array). Both belong to a vehicle and go
-- with it. A fault's device and a notification's rule are named without a foreign key (the rules have not moved to the
-- server; a device deleted leaves its faults' history as it was); a notification's fault, when it is gone, is none.
CREATE TABLE faults (
  id text PRIMARY KEY,
  vehicle_id text NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  device_id text,
  device_kind text NOT NULL CHECK (device_kind IN ('EV', 'BMS', 'MCU', 'VCU')),
  code text NOT NULL,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('Alert', 'Fault')),
  scope text NOT NULL CHECK (scope IN ('Component', 'System')),
  severity smallint NOT NULL CHECK (severity BETWEEN 0 AND 5),
  occurred_at timestamptz NOT NULL,
  cleared_at timestamptz,
  acknowledged_at timestamptz,
  acknowledged_by text,
  CHECK ((acknowledged_at IS NULL) = (acknowledged_by IS NULL))
);
CREATE INDEX faults_occurred_at ON faults (occurred_at DESC, id);
CREATE INDEX faults_vehicle ON faults (vehicle_id, occurred_at DESC);
CREATE INDEX faults_device ON faults (device_id);

CREATE TABLE notifications (
  id text PRIMARY KEY,
  vehicle_id text NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  fault_id text REFERENCES faults (id) ON DELETE SET NULL,
  rule_id text,
  rule_name text NOT NULL,
  delivery_methods integer NOT NULL CHECK (delivery_methods BETWEEN 0 AND 63),
  title text NOT NULL,
  message text NOT NULL,
  severity smallint NOT NULL CHECK (severity BETWEEN 0 AND 5),
  sent_at timestamptz NOT NULL,
  deliveries jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(deliveries) = 'array'),
  acknowledged_at timestamptz,
  acknowledged_by text,
  acknowledged_by_name text,
  cleared_at timestamptz,
  ticket_requested boolean NOT NULL
);
CREATE INDEX notifications_sent_at ON notifications (sent_at DESC, id);
CREATE INDEX notifications_vehicle ON notifications (vehicle_id, sent_at DESC);
CREATE INDEX notifications_rule ON notifications (rule_id);
