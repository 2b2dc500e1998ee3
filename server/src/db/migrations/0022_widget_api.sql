-- The widget API (decision 0115): SDK keys per organisation, the widget's sessions and the reports it sends.

-- SDK keys: the key is public by design (it is in every integrator's page, as gleap's is), so it is kept as it is, not
-- hashed; what protects the database is that a key only writes reports and sessions of its own organisation, and that
-- a revoked key answers 401. `config` is the widget's flowConfig edited in Settings (NULL: the default config).
CREATE TABLE sdk_keys (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  key text NOT NULL UNIQUE,
  name text NOT NULL,
  config jsonb,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sdk_keys_tenant ON sdk_keys (tenant_id, created_at DESC);
