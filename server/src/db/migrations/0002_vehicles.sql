-- Vehicles: every field of openapi.yaml's Vehicle is a column, so lists filter and sort in SQL.
-- state_code NULL stands for SNA ('F', signal not available); it sorts after every numeric state, as in the demo.
CREATE TABLE vehicles (
  id text PRIMARY KEY,
  vin text NOT NULL UNIQUE,
  registration_number text NOT NULL,
  vehicle_type text NOT NULL,
  model_id text NOT NULL REFERENCES models (id),
  oem_id text NOT NULL REFERENCES oems (id),
  dealer_id text REFERENCES dealers (id),
  fleet_id text REFERENCES fleets (id),
  ev_owner_id text REFERENCES ev_owners (id),
  driver_id text REFERENCES drivers (id),
  connectivity text NOT NULL,
  state_code smallint,
  is_live boolean NOT NULL DEFAULT false,
  last_seen_at timestamptz NOT NULL,
  status smallint NOT NULL CHECK (status IN (0, 1)),
  soc double precision NOT NULL DEFAULT 0,
  range_km double precision NOT NULL DEFAULT 0,
  odometer_km double precision NOT NULL DEFAULT 0,
  health_rating smallint NOT NULL,
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  bms_id text,
  mcu_id text,
  vcu_id text,
  logger_id text,
  sim_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- Scope columns lead the indexes a scoped caller's list uses; the default sort is created_at DESC, id.
CREATE INDEX vehicles_created_at ON vehicles (created_at DESC, id);
CREATE INDEX vehicles_oem_created ON vehicles (oem_id, created_at DESC);
CREATE INDEX vehicles_dealer_created ON vehicles (dealer_id, created_at DESC);
CREATE INDEX vehicles_fleet_created ON vehicles (fleet_id, created_at DESC);
CREATE INDEX vehicles_ev_owner ON vehicles (ev_owner_id);
CREATE INDEX vehicles_driver ON vehicles (driver_id);
CREATE INDEX vehicles_model ON vehicles (model_id);
CREATE INDEX vehicles_last_seen_at ON vehicles (last_seen_at);
CREATE INDEX vehicles_registration_number ON vehicles (registration_number);
CREATE INDEX vehicles_state_code ON vehicles (state_code);
CREATE INDEX vehicles_status ON vehicles (status);
