-- Sorts the vehicle list offers that 0002 left without an index, and trigram indexes for the search
-- (`q` matches anywhere in the VIN or registration number: ILIKE '%..%', which a b-tree cannot serve).
-- pg_trgm ships with PostgreSQL (Debian's postgresql package, every managed service) and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX vehicles_soc ON vehicles (soc);
CREATE INDEX vehicles_odometer_km ON vehicles (odometer_km);
CREATE INDEX vehicles_health_rating ON vehicles (health_rating);
CREATE INDEX vehicles_connectivity ON vehicles (connectivity);
CREATE INDEX vehicles_vin_trgm ON vehicles USING gin (vin gin_trgm_ops);
CREATE INDEX vehicles_registration_trgm ON vehicles USING gin (registration_number gin_trgm_ops);
