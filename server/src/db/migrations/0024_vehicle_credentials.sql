-- Vehicle credentials on the broker (decision 0117, issue 35 item 5): a vehicle connects to MQTT with its id as the
-- username and its device secret as the password. Only the secret's SHA-256 is kept (the secret is 32 random bytes,
-- shown once when issued); a vehicle has at most one secret, and a new one replaces the old. It goes with its vehicle.
CREATE TABLE vehicle_credentials (
  vehicle_id text PRIMARY KEY REFERENCES vehicles (id) ON DELETE CASCADE,
  secret_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
