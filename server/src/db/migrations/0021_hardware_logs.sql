-- The messages logger devices sent (openapi.yaml HardwareLogEntry), newest first by default: every field a column. A
-- message belongs to its logger and goes with it; `vehicle_id` is the vehicle the logger was fitted to when it sent
-- the message (history, no foreign key), `device_serial` its serial number then. The seed writes a bounded window
-- from the demo world's generator (decision 0114); the ingestion of issue 35 appends.
CREATE TABLE hardware_logs (
  id text PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  level text NOT NULL CHECK (level IN ('DEBUG', 'INFO', 'WARN', 'ERROR')),
  device_id text NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  device_serial text NOT NULL,
  vehicle_id text,
  message text NOT NULL
);
CREATE INDEX hardware_logs_occurred_at ON hardware_logs (occurred_at DESC, id);
CREATE INDEX hardware_logs_device ON hardware_logs (device_id, occurred_at DESC);
