-- Company settings (openapi.yaml CompanySettings, decision 0080): one row per company (`platform` or an OEM id; the
-- carbon method settings of decision 0094 use the same row for the platform and an OEM, and `dealer:`, `fleet:`,
-- `evowner:` or `user:` ids for the others). The logo's bytes are a file under DATA_DIR/uploads/logos (`logo_file`
-- names it); the row keeps its type, size, name and time. The web-hook signing secret is kept as made (the rules sign
-- with it) and never answered: the API says only whether one is set. `carbon` is NULL until the organisation saves
-- its carbon settings.
CREATE TABLE company_settings (
  tenant_id text PRIMARY KEY,
  logo_file text,
  logo_type text,
  logo_size integer,
  logo_file_name text,
  logo_updated_at timestamptz,
  smtp_sender text,
  sms_sender_id text,
  webhook_secret text,
  carbon jsonb,
  -- A fleet's (`fleet:<id>`) electricity supply contract it came with (decision 0094), used until it saves its own.
  seeded_supply_contract jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((logo_file IS NULL) = (logo_type IS NULL))
);

-- REST API keys (openapi.yaml ApiKey): only a SHA-256 of the secret is kept, with its first 10 characters as the
-- visible prefix. A key acts for its creator. A name is unique without case among a company's live keys; a revoked key
-- stays listed.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  name text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('read', 'write')),
  prefix text NOT NULL,
  secret_hash text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  last_used_at timestamptz,
  reset_at timestamptz,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX api_keys_live_name ON api_keys (tenant_id, lower(name)) WHERE revoked_at IS NULL;
CREATE INDEX api_keys_tenant_created ON api_keys (tenant_id, created_at DESC, id DESC);
