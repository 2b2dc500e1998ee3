-- A vehicle's trip history and saved places (issue 39, decision 0114): what vehicles sent, which the ingestion of
-- issue 35 appends; the seed writes a bounded window of the demo world's. Every field of openapi.yaml's Trip and
-- SavedLocation is a column (a place's GeoPoint two). A trip's recorded positions are one row of trip_routes, encoded
-- compactly (server/src/db/route-codec.ts), kept for the recent trips only. All go with their vehicle.
CREATE TABLE trips (
  id text PRIMARY KEY,
  vehicle_id text NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  status smallint NOT NULL CHECK (status BETWEEN 1 AND 4),
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  distance_km double precision NOT NULL,
  duration_min double precision NOT NULL,
  energy_kwh double precision NOT NULL,
  avg_speed_kmh double precision NOT NULL,
  max_speed_kmh double precision NOT NULL,
  start_lat double precision NOT NULL,
  start_lng double precision NOT NULL,
  end_lat double precision NOT NULL,
  end_lng double precision NOT NULL,
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
CREATE INDEX trips_vehicle_started ON trips (vehicle_id, started_at DESC, id);

-- The positions of one trip (t, lat, lng, speed, SoC per point, oldest first), as route-codec.ts encodes them.
CREATE TABLE trip_routes (
  trip_id text PRIMARY KEY REFERENCES trips (id) ON DELETE CASCADE,
  point_count integer NOT NULL CHECK (point_count >= 0),
  points text NOT NULL
);

CREATE TABLE saved_locations (
  id text PRIMARY KEY,
  vehicle_id text NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  kind smallint NOT NULL CHECK (kind IN (1, 2, 3)),
  name text NOT NULL,
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  visit_count integer NOT NULL CHECK (visit_count >= 0),
  last_visited_at timestamptz NOT NULL,
  UNIQUE (vehicle_id, kind)
);
