-- What each vehicle did per UTC day (decision 0114, issue 39): the roll-up the analysis, the carbon report and the
-- dashboard's activity, charging and CO2 panels read. The seed writes a window of it from the demo world's drive
-- profiles; ingestion (issue 35) will add to a vehicle's row of the day as it reports. A row goes with its vehicle.
CREATE TABLE vehicle_activity_days (
  vehicle_id text NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  day date NOT NULL,
  -- Hours of the day the vehicle was in service and reporting (the utilisation's denominator).
  reporting_hours double precision NOT NULL DEFAULT 0 CHECK (reporting_hours BETWEEN 0 AND 24),
  driving_hours double precision NOT NULL DEFAULT 0 CHECK (driving_hours >= 0),
  distance_km double precision NOT NULL DEFAULT 0 CHECK (distance_km >= 0),
  -- Energy the driving took, and the energy charging put back into the pack (kWh).
  energy_kwh double precision NOT NULL DEFAULT 0 CHECK (energy_kwh >= 0),
  charged_kwh double precision NOT NULL DEFAULT 0 CHECK (charged_kwh >= 0),
  -- Trips and charging sessions started on the day.
  trips integer NOT NULL DEFAULT 0 CHECK (trips >= 0),
  charge_sessions integer NOT NULL DEFAULT 0 CHECK (charge_sessions >= 0),
  -- State of charge the driving took (percentage points), and the sums of the state of charge at the start
  -- (plug-in) and end (unplug) of the day's charging sessions.
  soc_used_pct double precision NOT NULL DEFAULT 0 CHECK (soc_used_pct >= 0),
  plug_in_soc_sum double precision NOT NULL DEFAULT 0,
  unplug_soc_sum double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (vehicle_id, day)
);
