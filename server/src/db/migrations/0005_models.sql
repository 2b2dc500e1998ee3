-- Models (EV, BMS, MCU, VCU) get a column for every field of openapi.yaml's Model; what 0001 kept in `data` moves into
-- them and `data` goes. A code is unique without regard to case. The lists and specs a configuration step saves stay
-- JSON (they are read and written whole); bms and mcu are only on models of their kind, vehicle_type only on EV models.
ALTER TABLE models
  ADD COLUMN code text,
  ADD COLUMN configuration_step smallint,
  ADD COLUMN master_data jsonb,
  ADD COLUMN commands jsonb,
  ADD COLUMN faults jsonb,
  ADD COLUMN telemetry_template jsonb,
  ADD COLUMN bms jsonb,
  ADD COLUMN mcu jsonb,
  ADD COLUMN configuration jsonb,
  ADD COLUMN updated_at timestamptz;

UPDATE models SET
  code = COALESCE(data ->> 'code', id),
  configuration_step = COALESCE((data ->> 'configurationStep')::smallint, 1),
  master_data = COALESCE(NULLIF(data -> 'masterData', 'null'::jsonb), '{"states": []}'::jsonb),
  commands = COALESCE(NULLIF(data -> 'commands', 'null'::jsonb), '[]'::jsonb),
  faults = COALESCE(NULLIF(data -> 'faults', 'null'::jsonb), '[]'::jsonb),
  telemetry_template = COALESCE(NULLIF(data -> 'telemetryTemplate', 'null'::jsonb), '[]'::jsonb),
  bms = NULLIF(data -> 'bms', 'null'::jsonb),
  mcu = NULLIF(data -> 'mcu', 'null'::jsonb),
  configuration = NULLIF(data -> 'configuration', 'null'::jsonb),
  updated_at = COALESCE(to_timestamp((data ->> 'updatedAt')::double precision / 1000), created_at);

ALTER TABLE models
  ALTER COLUMN code SET NOT NULL,
  ALTER COLUMN configuration_step SET NOT NULL,
  ALTER COLUMN master_data SET NOT NULL,
  ALTER COLUMN commands SET NOT NULL,
  ALTER COLUMN faults SET NOT NULL,
  ALTER COLUMN telemetry_template SET NOT NULL,
  ALTER COLUMN updated_at SET NOT NULL,
  ALTER COLUMN created_at DROP DEFAULT,
  DROP COLUMN data,
  ADD CONSTRAINT models_status CHECK (status IN (0, 1)),
  ADD CONSTRAINT models_configuration_step CHECK (configuration_step BETWEEN 1 AND 6),
  ADD CONSTRAINT models_vehicle_type CHECK (
    vehicle_type IS NULL OR (kind = 'EV' AND vehicle_type IN ('2 Wheeler', '3 Wheeler'))
  );

CREATE UNIQUE INDEX models_code ON models (lower(code));
CREATE INDEX models_name ON models (name, id);
CREATE INDEX models_kind_name ON models (kind, name);
CREATE INDEX models_updated_at ON models (updated_at DESC, id);
