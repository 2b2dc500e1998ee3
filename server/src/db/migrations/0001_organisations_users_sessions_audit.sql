-- The tenants and parties a vehicle belongs to. The columns that scope and join are real columns; the rest of each
-- record (address, contact, settings) stays in `data` until its resource moves to a service of its own.
CREATE TABLE oems (
  id text PRIMARY KEY,
  name text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE dealers (
  id text PRIMARY KEY,
  oem_id text NOT NULL REFERENCES oems (id),
  name text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dealers_oem_id ON dealers (oem_id);

CREATE TABLE fleets (
  id text PRIMARY KEY,
  oem_id text NOT NULL REFERENCES oems (id),
  dealer_id text REFERENCES dealers (id),
  name text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fleets_oem_id ON fleets (oem_id);
CREATE INDEX fleets_dealer_id ON fleets (dealer_id);

CREATE TABLE ev_owners (
  id text PRIMARY KEY,
  dealer_id text REFERENCES dealers (id),
  name text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ev_owners_dealer_id ON ev_owners (dealer_id);

CREATE TABLE drivers (
  id text PRIMARY KEY,
  fleet_id text NOT NULL REFERENCES fleets (id),
  name text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX drivers_fleet_id ON drivers (fleet_id);

-- EV, BMS, MCU and VCU models. `status` 1 is published; a draft (0) cannot be given to a vehicle.
CREATE TABLE models (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('EV', 'BMS', 'MCU', 'VCU')),
  oem_id text NOT NULL REFERENCES oems (id),
  name text NOT NULL,
  status smallint NOT NULL,
  vehicle_type text,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX models_oem_id ON models (oem_id);

-- Accounts. Emails are kept lower case; password_hash is "scrypt$N$r$p$salt$hash" (base64).
CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  name text NOT NULL,
  role text NOT NULL,
  role_id text,
  status smallint NOT NULL DEFAULT 1,
  oem_id text REFERENCES oems (id),
  dealer_id text REFERENCES dealers (id),
  fleet_id text REFERENCES fleets (id),
  ev_owner_id text REFERENCES ev_owners (id),
  driver_id text REFERENCES drivers (id),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz
);

-- Signed-in sessions. Only the SHA-256 of the bearer token is kept: a copy of the table signs no one in.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  user_agent text,
  ip text,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_id ON sessions (user_id, created_at DESC);

-- Failed sign-ins, per account and per address, for the 429 after repeated failures.
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  ip text,
  at timestamptz NOT NULL
);
CREATE INDEX login_failures_email_at ON login_failures (email, at);
CREATE INDEX login_failures_ip_at ON login_failures (ip, at);

-- The append-only audit chain: each entry holds the hash of the one before it (openapi.yaml AuditEntry).
CREATE TABLE audit (
  seq integer PRIMARY KEY CHECK (seq >= 1),
  id text NOT NULL UNIQUE,
  occurred_at timestamptz NOT NULL,
  user_id text NOT NULL,
  user_name text NOT NULL,
  role text NOT NULL,
  ip text,
  user_agent text,
  entity text NOT NULL,
  entity_id text NOT NULL,
  action text NOT NULL,
  summary text NOT NULL,
  changes jsonb NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL UNIQUE
);
CREATE INDEX audit_entity ON audit (entity, entity_id);
CREATE INDEX audit_occurred_at ON audit (occurred_at);
