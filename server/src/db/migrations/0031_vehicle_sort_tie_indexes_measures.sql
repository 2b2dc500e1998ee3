-- The vehicle list's sorts by measures and the registration (decision 0122, Session 25): as migration 0027 did for
-- the columns with few values. An index of the column alone left the ties to be sorted again by id: in the seeded
-- world most vehicles share a state of charge, and a page sorted by it read and sorted thousands of rows for fifty.
-- An index of (column, id) gives the whole order (ties by id in the direction of the sort) both ways, and serves the
-- filters on the column (the `from`/`to` range on last_seen_at) as before.
DROP INDEX vehicles_soc;
DROP INDEX vehicles_odometer_km;
DROP INDEX vehicles_last_seen_at;
DROP INDEX vehicles_registration_number;
CREATE INDEX vehicles_soc ON vehicles (soc, id);
CREATE INDEX vehicles_odometer_km ON vehicles (odometer_km, id);
CREATE INDEX vehicles_last_seen_at ON vehicles (last_seen_at, id);
CREATE INDEX vehicles_registration_number ON vehicles (registration_number, id);
