-- SIM cards of the loggers: every field of openapi.yaml's SimCard is a column. An ICCID is unique; a logger holds one
-- SIM card at most, and a SIM card whose logger is deleted stays, in none. vehicles.sim_id (0002) names a SIM card
-- without a foreign key (databases seeded before this migration have vehicles naming cards this table never got);
-- deleting a SIM card clears it.
CREATE TABLE sims (
  id text PRIMARY KEY,
  iccid text NOT NULL UNIQUE CHECK (iccid ~ '^[0-9]{19,20}$'),
  msisdn text NOT NULL,
  operator text NOT NULL,
  logger_id text UNIQUE REFERENCES devices (id) ON DELETE SET NULL,
  status smallint NOT NULL CHECK (status IN (0, 1)),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sims_created_at ON sims (created_at DESC, id);
CREATE INDEX sims_operator ON sims (operator);
CREATE INDEX vehicles_sim ON vehicles (sim_id);
