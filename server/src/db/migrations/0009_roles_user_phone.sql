-- Roles (openapi.yaml Role): one row per built-in role code (its id is the code) and one per custom role an admin
-- made on top of a code. `permissions` NULL means the default matrix of the code (services/roles/role-permissions);
-- an edited role keeps its map here, and the permissions of every account holding it are read from this row.
CREATE TABLE roles (
  id text PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  built_in boolean NOT NULL DEFAULT false,
  permissions jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A role's name is unique without case.
CREATE UNIQUE INDEX roles_name_lower ON roles (lower(name));

INSERT INTO roles (id, code, name, built_in, permissions) VALUES
  ('SA', 'SA', 'Super Admin', true, NULL),
  ('SE', 'SE', 'Super Employee', true, NULL),
  ('OEMA', 'OEMA', 'OEM Admin', true, NULL),
  ('OEME', 'OEME', 'OEM Employee', true, NULL),
  ('DR', 'DR', 'Driver', true, NULL),
  ('EVO', 'EVO', 'EV Owner', true, NULL),
  ('FA', 'FA', 'Fleet Admin', true, NULL),
  ('FE', 'FE', 'Fleet Employee', true, NULL),
  ('DA', 'DA', 'Service Center Admin', true, NULL),
  ('DE', 'DE', 'Service Center Employee', true, NULL),
  ('BMSA', 'BMSA', 'BMS Admin', true, NULL),
  ('BMSE', 'BMSE', 'BMS Employee', true, NULL),
  ('MCUA', 'MCUA', 'MCU Admin', true, NULL),
  ('MCUE', 'MCUE', 'MCU Employee', true, NULL),
  ('VCUA', 'VCUA', 'VCU Admin', true, NULL),
  ('VCUE', 'VCUE', 'VCU Employee', true, NULL),
  ('GPSA', 'GPSA', 'GPS Admin', true, NULL),
  ('GPSE', 'GPSE', 'GPS Employee', true, NULL),
  ('OBCA', 'OBCA', 'OBC Admin', true, NULL),
  ('OBCE', 'OBCE', 'OBC Employee', true, NULL),
  ('DCDCA', 'DCDCA', 'DCDC Admin', true, NULL),
  ('DCDCE', 'DCDCE', 'DCDC Employee', true, NULL),
  ('BTMSA', 'BTMSA', 'BTMS Admin', true, NULL),
  ('BTMSE', 'BTMSE', 'BTMS Employee', true, NULL),
  ('TPMSA', 'TPMSA', 'TPMS Admin', true, NULL),
  ('TPMSE', 'TPMSE', 'TPMS Employee', true, NULL);

-- The role an account holds: its custom role, else the built-in one of its code.
CREATE INDEX users_role_of ON users ((coalesce(role_id, role)));

-- The account's phone number (openapi.yaml UserAccount.phone).
ALTER TABLE users ADD COLUMN phone text;
