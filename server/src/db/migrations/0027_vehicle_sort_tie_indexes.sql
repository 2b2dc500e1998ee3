-- The vehicle list sorts by a column, then by id in the same direction (decision 0122). On columns with few values
-- (status, health rating, connectivity, state code, type, live flag, model) an index of the column alone left every
-- tie to be sorted: a page deep in a 100,000-vehicle list sorted by status sorted tens of thousands of ids. An index
-- of (column, id) gives the whole order both ways and serves the filters on the column as before.
DROP INDEX vehicles_status;
DROP INDEX vehicles_health_rating;
DROP INDEX vehicles_connectivity;
DROP INDEX vehicles_state_code;
DROP INDEX vehicles_model;
DROP INDEX vehicles_created_at;
CREATE INDEX vehicles_status ON vehicles (status, id);
CREATE INDEX vehicles_health_rating ON vehicles (health_rating, id);
CREATE INDEX vehicles_connectivity ON vehicles (connectivity, id);
CREATE INDEX vehicles_state_code ON vehicles (state_code, id);
CREATE INDEX vehicles_model ON vehicles (model_id, id);
CREATE INDEX vehicles_vehicle_type ON vehicles (vehicle_type, id);
CREATE INDEX vehicles_is_live ON vehicles (is_live, id);
-- The default sort (created_at DESC, id DESC) reads this one backwards.
CREATE INDEX vehicles_created_at ON vehicles (created_at, id);
