-- Geofences: every field of openapi.yaml's Geofence is a column; the polygon and the assigned vehicles are JSON. The
-- assigned vehicles are kept as given (a vehicle deleted later stays named, and is shown to no one: the services show
-- each caller only the assigned vehicles that exist in their scope). A dwell rule has its minutes, no other rule has.
CREATE TABLE geofences (
  id text PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  rule text NOT NULL CHECK (rule IN ('enter', 'exit', 'dwell')),
  dwell_minutes integer CHECK (dwell_minutes BETWEEN 1 AND 1440),
  delivery_methods smallint NOT NULL CHECK (delivery_methods BETWEEN 1 AND 63),
  geometry jsonb NOT NULL,
  vehicle_ids jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((rule = 'dwell') = (dwell_minutes IS NOT NULL))
);
CREATE INDEX geofences_updated_at ON geofences (updated_at DESC, id);
CREATE INDEX geofences_name ON geofences (lower(name));

-- Device groups: owned by a service centre, fleet, EV owner or driver (owner_kind, owner_id: no foreign key, as the
-- owner is one of four tables); members picked (vehicle_ids) or by a filter (filter mode only).
CREATE TABLE device_groups (
  id text PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  description text NOT NULL DEFAULT '',
  owner_kind text NOT NULL CHECK (owner_kind IN ('dealer', 'fleet', 'evowner', 'driver')),
  owner_id text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('pick', 'filter')),
  filter jsonb,
  vehicle_ids jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((mode = 'filter') = (filter IS NOT NULL))
);
CREATE INDEX device_groups_owner ON device_groups (owner_kind, owner_id);
CREATE INDEX device_groups_name ON device_groups (lower(name), id);

-- Every owner a device group can have, with the OEM, service centre and fleet it sits under: what the owner scope
-- (services/device-groups/owner-scope.ts) reads.
CREATE VIEW group_owners AS
  SELECT 'dealer'::text AS kind, d.id, d.name, d.oem_id, d.id AS dealer_id, NULL::text AS fleet_id FROM dealers d
  UNION ALL
  SELECT 'fleet', f.id, f.name, f.oem_id, f.dealer_id, f.id FROM fleets f
  UNION ALL
  SELECT 'evowner', e.id, e.name, ed.oem_id, e.dealer_id, NULL FROM ev_owners e LEFT JOIN dealers ed ON ed.id = e.dealer_id
  UNION ALL
  SELECT 'driver', r.id, r.name, rf.oem_id, rf.dealer_id, r.fleet_id FROM drivers r JOIN fleets rf ON rf.id = r.fleet_id;
