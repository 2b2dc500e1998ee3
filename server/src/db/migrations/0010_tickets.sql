-- Support tickets and their conversation: every field of openapi.yaml's Ticket that is the ticket's own is a column,
-- with its SLA clock (decision 0066: running ms banked, the current running stretch's start, the running ms at the
-- first staff reply) and its history (events, only appended) as a JSON array. A ticket belongs to a vehicle and goes
-- with it; its service centre and assignee are named by foreign key (a deleted one leaves the ticket unassigned). Its
-- fault and notification are kept as links without a foreign key (a fault's history may be pruned; the ticket keeps
-- the id it was opened from), as is the account that opened it. References come from a sequence (the seed moves it
-- past the seeded ones).
CREATE SEQUENCE ticket_refs START 1001;

CREATE TABLE tickets (
  id text PRIMARY KEY,
  ref text NOT NULL UNIQUE,
  title text NOT NULL,
  description text NOT NULL,
  status smallint NOT NULL CHECK (status BETWEEN 1 AND 6),
  priority text NOT NULL CHECK (priority IN ('low', 'medium', 'high', 'critical')),
  source text NOT NULL CHECK (source IN ('manual', 'fault', 'vehicle', 'notification', 'rule')),
  vehicle_id text NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  device_id text,
  fault_id text,
  notification_id text,
  dealer_id text REFERENCES dealers (id) ON DELETE SET NULL,
  assignee_id text REFERENCES users (id) ON DELETE SET NULL,
  created_by text,
  created_by_name text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  closed_at timestamptz,
  first_response_at timestamptz,
  active_ms bigint NOT NULL CHECK (active_ms >= 0),
  active_since timestamptz,
  first_response_active_ms bigint,
  escalated jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(escalated) = 'array'),
  events jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(events) = 'array')
);
CREATE INDEX tickets_updated_at ON tickets (updated_at DESC, id);
CREATE INDEX tickets_vehicle ON tickets (vehicle_id);
CREATE INDEX tickets_dealer ON tickets (dealer_id, updated_at DESC);
CREATE INDEX tickets_fault ON tickets (fault_id);
CREATE INDEX tickets_created_by ON tickets (created_by);

-- Replies (seen by the driver or owner) and internal notes (staff only), with their attachments (data URLs within
-- the contract's limits) as a JSON array.
CREATE TABLE ticket_messages (
  id text PRIMARY KEY,
  ticket_id text NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('reply', 'note')),
  body text NOT NULL,
  author_id text,
  author_name text NOT NULL,
  author_role text,
  attachments jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(attachments) = 'array'),
  created_at timestamptz NOT NULL
);
CREATE INDEX ticket_messages_ticket ON ticket_messages (ticket_id, created_at, id);
