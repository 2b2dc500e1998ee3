-- Versions of the vehicles table, for the vehicle list's count cache (decision 0122): every transaction that writes
-- vehicles raises `live` once, and `stable` too when it inserts or deletes a vehicle or changes a column that a list
-- filters or scopes by apart from what telemetry moves (state code, live flag, last seen). A count is reused only
-- while the versions it was read with are still the current ones, in the same snapshot as the count, so a committed
-- write is seen by the next read on every server that shares the database.
CREATE TABLE vehicle_list_versions (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  stable bigint NOT NULL DEFAULT 0,
  live bigint NOT NULL DEFAULT 0
);
INSERT INTO vehicle_list_versions DEFAULT VALUES;

-- Raises one version once per transaction (a local setting remembers it; a rolled-back savepoint forgets it along
-- with its rows). Deferred to the commit, so the version row is locked only while the transaction commits: a
-- transaction holding it never waits for another's rows, and no deadlock can form around it.
CREATE FUNCTION bump_vehicle_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'stable' THEN
    IF current_setting('voltline.vehicles_stable_bumped', true) = 'on' THEN RETURN NULL; END IF;
    PERFORM set_config('voltline.vehicles_stable_bumped', 'on', true);
    UPDATE vehicle_list_versions SET stable = stable + 1;
  ELSE
    IF current_setting('voltline.vehicles_live_bumped', true) = 'on' THEN RETURN NULL; END IF;
    PERFORM set_config('voltline.vehicles_live_bumped', 'on', true);
    UPDATE vehicle_list_versions SET live = live + 1;
  END IF;
  RETURN NULL;
END
$$;

-- Any write at all raises `live`.
CREATE CONSTRAINT TRIGGER vehicles_live_version AFTER INSERT OR UPDATE OR DELETE ON vehicles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_vehicle_list_version('live');
-- Rows coming or going, and every column but those telemetry moves (soc, state_code, is_live, last_seen_at, lat,
-- lng, odometer_km, range_km) and the ones no list reads (updated_at, the fitted devices and SIM).
CREATE CONSTRAINT TRIGGER vehicles_stable_version AFTER INSERT OR DELETE OR UPDATE OF
  id, vin, registration_number, vehicle_type, model_id, oem_id, dealer_id, fleet_id, ev_owner_id, driver_id,
  connectivity, status, health_rating, created_at
  ON vehicles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_vehicle_list_version('stable');

CREATE FUNCTION bump_vehicle_list_versions_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vehicle_list_versions SET stable = stable + 1, live = live + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER vehicles_truncated_version AFTER TRUNCATE ON vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_vehicle_list_versions_truncated();
