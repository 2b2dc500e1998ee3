-- From report to ticket (issue 38 item 4, decision 0118): a widget report names the ticket made from it (one at most:
-- unique, set only while empty), and a ticket may come from the widget (source 'widget').
ALTER TABLE tickets DROP CONSTRAINT tickets_source_check;
ALTER TABLE tickets ADD CONSTRAINT tickets_source_check
  CHECK (source IN ('manual', 'fault', 'vehicle', 'notification', 'rule', 'widget'));
ALTER TABLE feedback_reports ADD COLUMN ticket_id text UNIQUE REFERENCES tickets (id) ON DELETE SET NULL;
