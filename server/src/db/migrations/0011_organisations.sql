-- Organisations (OEMs, service centres, fleets, EV owners, drivers) get a column for every field of openapi.yaml's
-- Oem, Dealer, Fleet, EvOwner and Driver; what 0001 kept in `data` moves into them and `data` goes. An e-mail is
-- unique within its kind without regard to case, as are a service centre's code and a driver's licence number (the
-- contract's 409s). Status is 1 (active) or 0 (inactive). A licence expiry is a date.
ALTER TABLE oems
  ADD COLUMN code text,
  ADD COLUMN country text,
  ADD COLUMN status smallint;
UPDATE oems SET
  code = COALESCE(data ->> 'code', id),
  country = COALESCE(data ->> 'country', ''),
  status = COALESCE((data ->> 'status')::smallint, 1);
ALTER TABLE oems
  ALTER COLUMN code SET NOT NULL,
  ALTER COLUMN country SET NOT NULL,
  ALTER COLUMN status SET NOT NULL,
  DROP COLUMN data,
  ADD CONSTRAINT oems_status CHECK (status IN (0, 1));

ALTER TABLE dealers
  ADD COLUMN code text,
  ADD COLUMN city text,
  ADD COLUMN email text,
  ADD COLUMN phone text,
  ADD COLUMN address text,
  ADD COLUMN status smallint;
UPDATE dealers SET
  code = COALESCE(data ->> 'code', id),
  city = COALESCE(data ->> 'city', ''),
  email = lower(COALESCE(data ->> 'email', id || '@dealers.invalid')),
  phone = COALESCE(data ->> 'phone', ''),
  address = data ->> 'address',
  status = COALESCE((data ->> 'status')::smallint, 1);
ALTER TABLE dealers
  ALTER COLUMN code SET NOT NULL,
  ALTER COLUMN city SET NOT NULL,
  ALTER COLUMN email SET NOT NULL,
  ALTER COLUMN phone SET NOT NULL,
  ALTER COLUMN status SET NOT NULL,
  DROP COLUMN data,
  ADD CONSTRAINT dealers_status CHECK (status IN (0, 1));

ALTER TABLE fleets
  ADD COLUMN city text,
  ADD COLUMN email text,
  ADD COLUMN phone text,
  ADD COLUMN address text,
  ADD COLUMN status smallint;
UPDATE fleets SET
  city = COALESCE(data ->> 'city', ''),
  email = lower(COALESCE(data ->> 'email', id || '@fleets.invalid')),
  phone = data ->> 'phone',
  address = data ->> 'address',
  status = COALESCE((data ->> 'status')::smallint, 1);
ALTER TABLE fleets
  ALTER COLUMN city SET NOT NULL,
  ALTER COLUMN email SET NOT NULL,
  ALTER COLUMN status SET NOT NULL,
  DROP COLUMN data,
  ADD CONSTRAINT fleets_status CHECK (status IN (0, 1));

ALTER TABLE ev_owners
  ADD COLUMN email text,
  ADD COLUMN phone text,
  ADD COLUMN city text,
  ADD COLUMN address text,
  ADD COLUMN status smallint;
UPDATE ev_owners SET
  email = lower(COALESCE(data ->> 'email', id || '@owners.invalid')),
  phone = COALESCE(data ->> 'phone', ''),
  city = COALESCE(data ->> 'city', ''),
  address = data ->> 'address',
  status = COALESCE((data ->> 'status')::smallint, 1);
ALTER TABLE ev_owners
  ALTER COLUMN email SET NOT NULL,
  ALTER COLUMN phone SET NOT NULL,
  ALTER COLUMN city SET NOT NULL,
  ALTER COLUMN status SET NOT NULL,
  DROP COLUMN data,
  ADD CONSTRAINT ev_owners_status CHECK (status IN (0, 1));

ALTER TABLE drivers
  ADD COLUMN phone text,
  ADD COLUMN email text,
  ADD COLUMN license_number text,
  ADD COLUMN license_expires_on date,
  ADD COLUMN status smallint;
UPDATE drivers SET
  phone = COALESCE(data ->> 'phone', ''),
  email = lower(data ->> 'email'),
  license_number = COALESCE(data ->> 'licenseNumber', id),
  license_expires_on = (data ->> 'licenseExpiresOn')::date,
  status = COALESCE((data ->> 'status')::smallint, 1);
ALTER TABLE drivers
  ALTER COLUMN phone SET NOT NULL,
  ALTER COLUMN license_number SET NOT NULL,
  ALTER COLUMN status SET NOT NULL,
  DROP COLUMN data,
  ADD CONSTRAINT drivers_status CHECK (status IN (0, 1));

CREATE UNIQUE INDEX dealers_email ON dealers (lower(email));
CREATE UNIQUE INDEX dealers_code ON dealers (lower(code));
CREATE UNIQUE INDEX fleets_email ON fleets (lower(email));
CREATE UNIQUE INDEX ev_owners_email ON ev_owners (lower(email));
CREATE UNIQUE INDEX drivers_email ON drivers (lower(email)) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX drivers_license_number ON drivers (lower(license_number));

CREATE INDEX oems_name ON oems (name, id);
CREATE INDEX dealers_name ON dealers (name, id);
CREATE INDEX fleets_name ON fleets (name, id);
CREATE INDEX ev_owners_name ON ev_owners (name, id);
CREATE INDEX drivers_name ON drivers (name, id);
