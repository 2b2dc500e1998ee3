-- Devices (BMS, MCU, VCU, loggers): every field of openapi.yaml's Device is a column, one table for every kind.
-- state NULL stands for SNA ('F'); it sorts after every numeric state, as in the demo. A serial number is unique within
-- its kind. A device whose vehicle is deleted stays, unfitted. `bms` and `mcu` keep the model's spec (and a battery's
-- SoC, SoH and cycle count); the fields the list filters by are generated columns of them.
CREATE TABLE devices (
  id text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('BMS', 'MCU', 'VCU', 'LOGGER')),
  serial_number text NOT NULL,
  model_id text REFERENCES models (id),
  oem_id text NOT NULL REFERENCES oems (id),
  vehicle_id text REFERENCES vehicles (id) ON DELETE SET NULL,
  firmware_version text NOT NULL,
  status smallint NOT NULL CHECK (status IN (0, 1)),
  state smallint,
  is_live boolean NOT NULL DEFAULT false,
  last_seen_at timestamptz NOT NULL,
  imei text,
  bms jsonb,
  mcu jsonb,
  chemistry smallint GENERATED ALWAYS AS ((bms ->> 'chemistry')::smallint) STORED,
  cooling smallint GENERATED ALWAYS AS ((bms ->> 'cooling')::smallint) STORED,
  motor_type smallint GENERATED ALWAYS AS ((mcu ->> 'motorType')::smallint) STORED,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (type, serial_number)
);
CREATE INDEX devices_created_at ON devices (created_at DESC, id);
CREATE INDEX devices_type_created ON devices (type, created_at DESC);
CREATE INDEX devices_oem_created ON devices (oem_id, created_at DESC);
CREATE INDEX devices_vehicle ON devices (vehicle_id);
CREATE INDEX devices_model ON devices (model_id);
CREATE INDEX devices_last_seen_at ON devices (last_seen_at);
CREATE INDEX devices_serial_trgm ON devices USING gin (serial_number gin_trgm_ops);
