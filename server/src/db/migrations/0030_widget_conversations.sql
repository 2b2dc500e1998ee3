-- The widget's conversations (issue 38 items 1 and 4, decision 0128): what the messenger lists under Messages, and
-- the follow-up conversation of a report. A conversation belongs to one widget session (a visitor sees only their
-- own); its id is the `shareToken` of the wire. A report's conversation names the report (one at most), and through
-- the report's ticket (migration 0025) an operator's reply on the ticket reaches it and the visitor's answer goes back.
CREATE TABLE widget_conversations (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  sdk_key_id text NOT NULL REFERENCES sdk_keys (id),
  session_id text NOT NULL REFERENCES widget_sessions (id) ON DELETE CASCADE,
  report_id text UNIQUE REFERENCES feedback_reports (id) ON DELETE CASCADE,
  title text NOT NULL,
  -- Messages of the team (agent or bot) the visitor has not seen yet; `POST /conversations/{token}/read` zeroes it.
  unread_count integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX widget_conversations_session ON widget_conversations (session_id, updated_at DESC, id);

-- Messages oldest first: the visitor's (`contact`), the team's (`agent`) and the widget's own (`bot`).
CREATE TABLE widget_conversation_messages (
  id text PRIMARY KEY,
  conversation_id text NOT NULL REFERENCES widget_conversations (id) ON DELETE CASCADE,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  author_type text NOT NULL CHECK (author_type IN ('contact', 'agent', 'bot')),
  author_name text NOT NULL,
  text text NOT NULL,
  attachments jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(attachments) = 'array'),
  created_at timestamptz NOT NULL
);
CREATE INDEX widget_conversation_messages_conversation ON widget_conversation_messages (conversation_id, seq);
