-- The rule chain on the server (decision 0126): a vehicle first seen by a server process resumes each rule from its
-- newest notification (rule, vehicle, newest first), and a rule that opens tickets looks up its open ticket on the
-- vehicle (tickets of a notification).
CREATE INDEX notifications_vehicle_rule ON notifications (vehicle_id, rule_id, sent_at DESC);
CREATE INDEX tickets_notification ON tickets (notification_id);
