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

-- The widget's sessions (gleap's `gleapId`/`gleapHash`): one per visitor and key. The hash is a bearer secret of the
-- visitor's browser, so only its SHA-256 is kept. Contact fields the widget names are columns; the other known ones
-- (company, plan, ...) are `attributes`, and whatever else identify or update sends is `custom_data`.
CREATE TABLE widget_sessions (
  id text PRIMARY KEY,
  sdk_key_id text NOT NULL REFERENCES sdk_keys (id) ON DELETE CASCADE,
  hash_sha256 text NOT NULL,
  user_id text,
  name text,
  email text,
  phone text,
  value double precision,
  lang text,
  attributes jsonb NOT NULL DEFAULT '{}',
  custom_data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX widget_sessions_key_user ON widget_sessions (sdk_key_id, user_id);

-- What `POST /sessions/ping` carries: page views, `sessionStarted` and custom events, as sent (the report page shows a
-- report's page views from here).
CREATE TABLE widget_session_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id text NOT NULL REFERENCES widget_sessions (id) ON DELETE CASCADE,
  name text NOT NULL,
  occurred_at timestamptz,
  data jsonb,
  received_at timestamptz NOT NULL
);
CREATE INDEX widget_session_events_session ON widget_session_events (session_id, id);

-- Reports (`POST /bugs/v2`): the body exactly as received (`json` keeps its text: console and network logs, snapshot,
-- replay events, metadata), plus the few fields the inbox lists and searches by. A report the widget retries carries
-- the same `client_id` and is stored once per key. Keys are revoked, never deleted, so a report keeps its key.
CREATE TABLE feedback_reports (
  id text PRIMARY KEY,
  sdk_key_id text NOT NULL REFERENCES sdk_keys (id),
  tenant_id text NOT NULL,
  session_id text REFERENCES widget_sessions (id) ON DELETE SET NULL,
  client_id text,
  type text NOT NULL,
  priority text,
  status text NOT NULL DEFAULT 'OPEN',
  description text,
  reported_by text,
  page_url text,
  is_silent boolean NOT NULL DEFAULT false,
  outbound text,
  body json NOT NULL,
  body_bytes integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX feedback_reports_client ON feedback_reports (sdk_key_id, client_id) WHERE client_id IS NOT NULL;
CREATE INDEX feedback_reports_tenant_created ON feedback_reports (tenant_id, created_at DESC, id DESC);

-- Files the widget uploads (`POST /uploads/sdk`: screen recordings, attachments): the bytes are a file under
-- DATA_DIR/uploads/widget named by `file` (never by the client's name, which is kept only to show).
CREATE TABLE widget_uploads (
  id text PRIMARY KEY,
  sdk_key_id text NOT NULL REFERENCES sdk_keys (id),
  tenant_id text NOT NULL,
  session_id text REFERENCES widget_sessions (id) ON DELETE SET NULL,
  file text NOT NULL,
  file_name text NOT NULL,
  type text NOT NULL,
  size integer NOT NULL,
  created_at timestamptz NOT NULL
);
