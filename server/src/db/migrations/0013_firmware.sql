-- Firmware (decision 0074): releases, staged rollouts with the state machine's state, and every device's update (the
-- Device OTA history). Every field of openapi.yaml's FirmwareRelease, FirmwareRollout and OtaUpdate is a column, a
-- rollout's policy JSON. A release names its model and OEM without a foreign key (a model's delete checks its vehicles
-- and devices only); a device update names its device and vehicle without one (the history outlives a deleted device).
-- Instants the state machine keeps (advanced_at, wave_started_at, last_report_at) are columns too.
CREATE TABLE firmware_releases (
  id text PRIMARY KEY,
  device_type text NOT NULL CHECK (device_type IN ('BMS', 'MCU', 'VCU', 'LOGGER')),
  model_id text,
  oem_id text NOT NULL,
  version text NOT NULL,
  replaces_release_id text REFERENCES firmware_releases (id),
  replaces_version text,
  file_name text NOT NULL,
  file_size integer NOT NULL CHECK (file_size BETWEEN 1 AND 67108864),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  notes text NOT NULL DEFAULT '',
  compatible_hardware jsonb NOT NULL DEFAULT '[]',
  current_version_min text,
  current_version_max text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  CHECK ((device_type = 'LOGGER') = (model_id IS NULL))
);
-- One version once per kind and model (loggers: OEM).
CREATE UNIQUE INDEX firmware_releases_version ON firmware_releases (device_type, coalesce(model_id, ''), oem_id, version);
CREATE INDEX firmware_releases_created_at ON firmware_releases (created_at DESC, id);

CREATE TABLE firmware_rollouts (
  id text PRIMARY KEY,
  release_id text NOT NULL REFERENCES firmware_releases (id),
  version text NOT NULL,
  device_type text NOT NULL CHECK (device_type IN ('BMS', 'MCU', 'VCU', 'LOGGER')),
  model_id text,
  oem_id text NOT NULL,
  target_kind text NOT NULL CHECK (target_kind IN ('group', 'model', 'filter', 'rollback')),
  target_label text NOT NULL,
  device_count integer NOT NULL,
  rollback_of text REFERENCES firmware_rollouts (id),
  status text NOT NULL CHECK (status IN ('running', 'paused', 'cancelled', 'completed')),
  pause_reason text,
  policy jsonb NOT NULL,
  wave_count integer NOT NULL,
  current_wave integer NOT NULL,
  wave_started_at timestamptz NOT NULL,
  next_wave_at timestamptz,
  threshold_resumed_wave integer,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  advanced_at timestamptz NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX firmware_rollouts_created_at ON firmware_rollouts (created_at DESC, id);

CREATE TABLE ota_updates (
  id text PRIMARY KEY,
  rollout_id text REFERENCES firmware_rollouts (id) ON DELETE CASCADE,
  release_id text REFERENCES firmware_releases (id),
  device_id text NOT NULL,
  device_serial text NOT NULL,
  device_type text NOT NULL CHECK (device_type IN ('BMS', 'MCU', 'VCU', 'LOGGER')),
  model_id text,
  oem_id text NOT NULL,
  vehicle_id text,
  from_version text NOT NULL,
  to_version text NOT NULL,
  wave integer NOT NULL,
  phase text NOT NULL CHECK (phase IN ('queued', 'waiting', 'sent', 'installing', 'completed', 'failed', 'offline', 'skipped')),
  status smallint NOT NULL CHECK (status BETWEEN 0 AND 4),
  attempt integer NOT NULL DEFAULT 0,
  progress integer NOT NULL CHECK (progress BETWEEN 0 AND 100),
  waiting_reason text,
  failure_reason text,
  sent_at timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  last_report_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX ota_updates_rollout ON ota_updates (rollout_id, wave);
CREATE INDEX ota_updates_device ON ota_updates (device_id);
CREATE INDEX ota_updates_sent_at ON ota_updates (sent_at DESC, id);
