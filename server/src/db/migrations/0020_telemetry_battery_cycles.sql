-- Telemetry and battery cycles (decision 0114, issue 39): what vehicles and devices sent, read by the services.
--
-- `telemetry`: runs of samples of one subject (a vehicle or a device, by id; no foreign key, the history outlives a
-- deleted device as a log does) at a fixed step: `values` maps a key to its values at `at`, `at + step_ms`, ...;
-- `until` is the run's last sample. The seed writes, per subject, one run on the world's 15-minute grid over its
-- window and one of its last message; ingestion (issue 35) appends runs (one sample each, or a batch at a fixed step)
-- that start after the subject's last one.
CREATE TABLE telemetry (
  subject_id text NOT NULL,
  at timestamptz NOT NULL,
  until timestamptz NOT NULL,
  step_ms integer NOT NULL CHECK (step_ms > 0),
  "values" json NOT NULL,
  PRIMARY KEY (subject_id, at),
  CHECK (until >= at)
);
CREATE INDEX telemetry_subject_until ON telemetry (subject_id, until);

-- `battery_cycles`: every field of the contract's BatteryCycle a column; `cells`, the cycle's cell samples
-- ([{t, voltages, temperatures}], epoch ms), kept for a BMS's newest cycles only (NULL for the others).
CREATE TABLE battery_cycles (
  id text PRIMARY KEY,
  bms_id text NOT NULL,
  vehicle_id text,
  cycle_index integer NOT NULL,
  status smallint NOT NULL CHECK (status BETWEEN 1 AND 4),
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  start_soc double precision NOT NULL,
  end_soc double precision NOT NULL,
  energy_kwh double precision NOT NULL,
  min_cell_voltage double precision NOT NULL,
  max_cell_voltage double precision NOT NULL,
  max_temperature_c double precision NOT NULL,
  cells json
);
CREATE INDEX battery_cycles_bms ON battery_cycles (bms_id, cycle_index);
CREATE INDEX battery_cycles_bms_started ON battery_cycles (bms_id, started_at);
