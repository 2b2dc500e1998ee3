-- Access grants (decision 0079): a partner organisation or a component admin account holds a role on one vehicle, a
-- model, a device kind or an OEM's whole fleet, until an expiry or a revoke. Every field of openapi.yaml's AccessGrant
-- but the names and the status, which are read (the status is a function of expires_at, revoked_at and the time).
-- target_id and grantee_id name rows of several tables (by target and grantee_type), so they carry no foreign key.
CREATE TABLE access_grants (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('ev', 'bms', 'mcu', 'vcu')),
  target text NOT NULL CHECK (target IN ('vehicle', 'model', 'deviceKind', 'oem')),
  target_id text,
  role_code text NOT NULL,
  grantee_type text NOT NULL CHECK (grantee_type IN ('oem', 'dealer', 'fleet', 'evowner', 'driver', 'user')),
  grantee_id text NOT NULL,
  oem_id text,
  note text,
  expires_at timestamptz,
  revoked_at timestamptz,
  revoked_by text,
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  CHECK ((target = 'deviceKind') = (target_id IS NULL))
);
CREATE INDEX access_grants_grantee ON access_grants (grantee_type, grantee_id);
CREATE INDEX access_grants_created_at ON access_grants (created_at DESC, id);
