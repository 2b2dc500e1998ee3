import type { RoleCode } from '@/domain/roles';
import type { components } from '@/domain/api-schema';
import type { TicketRecord } from './tickets';
import type { FirmwareReleaseRecord, FirmwareRolloutRecord, OtaUpdateRecord } from './firmware';

type Schemas = components['schemas'];

/**
 * How a row is kept in the world: every `...At` timestamp is epoch ms instead of an ISO string. A 100,000-vehicle
 * world holds a million timestamps; numbers are smaller, sort faster and are turned into ISO only for a page's items.
 */
export type Stored<T> = {
  [K in keyof T]: K extends `${string}At` ? (null extends T[K] ? number | null : number) : T[K];
};

export type ApiOem = Schemas['Oem'];
export type ApiDealer = Schemas['Dealer'];
export type ApiFleet = Schemas['Fleet'];
export type ApiEvOwner = Schemas['EvOwner'];
export type ApiDriver = Schemas['Driver'];
export type ApiModel = Schemas['Model'];
export type ApiVehicle = Schemas['Vehicle'];
export type ApiDevice = Schemas['Device'];
export type ApiSimCard = Schemas['SimCard'];
export type ApiFault = Schemas['Fault'];
export type ApiAuditEntry = Schemas['AuditEntry'];
export type ApiSavedLocation = Schemas['SavedLocation'];
export type ApiCommand = Schemas['Command'];
export type ApiNotification = Schemas['Notification'];
export type ApiRule = Schemas['Rule'];

export type Oem = Stored<Schemas['Oem']>;
export type Dealer = Stored<Schemas['Dealer']>;
export type Fleet = Stored<Schemas['Fleet']>;
export type EvOwner = Stored<Schemas['EvOwner']>;
export type Driver = Stored<Schemas['Driver']>;
export type Model = Stored<Schemas['Model']>;
export type Vehicle = Stored<Schemas['Vehicle']>;
export type Device = Stored<Schemas['Device']>;
export type SimCard = Stored<Schemas['SimCard']>;
export type Fault = Stored<Schemas['Fault']>;
export type AuditEntry = Stored<Schemas['AuditEntry']>;
export type Command = Stored<Schemas['Command']>;
export type Notification = Stored<Schemas['Notification']>;
export type Rule = Stored<Schemas['Rule']>;
export type Geofence = Stored<Schemas['Geofence']>;
export type ApiGeofence = Schemas['Geofence'];
export type DeviceKind = Schemas['DeviceKind'];
export type DeviceType = Schemas['DeviceType'];

/** A stored account: the API's User plus the demo password (this is a demo world, never a real credential store). */
export type UserRecord = Stored<Schemas['User']> & {
  password: string;
  /** User management (issue 21): the role whose permissions the account holds (default: its role code). */
  roleId?: string;
  phone?: string | null;
  lastSignInAt?: number | null;
};

/** A role of the demo world: its permissions are read on every request (decision 0068). */
export type RoleRecord = Omit<Stored<Schemas['Role']>, 'userCount' | 'locked'>;
/** A device group: picked members, or a filter over its owner's vehicles. */
export type DeviceGroupRecord = Omit<Stored<Schemas['DeviceGroup']>, 'ownerName'>;

/** A saved dashboard of one user in one role (spec §3 dashboardConfig; issue 22). */
export type DashboardRecord = Omit<Stored<Schemas['Dashboard']>, 'builtIn'> & {
  userId: string;
  role: string;
  /** Order in the user's list. */
  position: number;
};

/**
 * A signed-in session, as the services' `AuthStore` keeps it (decision 0110, "Sign-in and sessions moved"): its own id,
 * only the SHA-256 of its bearer token, an expiry, and the time it was revoked (epoch ms).
 */
export interface SessionRecord {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  /** The browser that signed in (profile: sessions), when known. */
  userAgent?: string | null;
  ip?: string | null;
  revokedAt?: number | null;
}

/** An access grant (decision 0079): a role on vehicles, a model, a device kind or an OEM's fleet, until expiry or revoke. */
export interface AccessGrantRecord {
  id: string;
  kind: 'ev' | 'bms' | 'mcu' | 'vcu';
  target: 'vehicle' | 'model' | 'deviceKind' | 'oem';
  /** Vehicle, model or OEM id; null for a device kind (the kind is `kind`). */
  targetId: string | null;
  roleCode: RoleCode;
  granteeType: 'oem' | 'dealer' | 'fleet' | 'evowner' | 'driver' | 'user';
  granteeId: string;
  /** The OEM whose vehicles or models the grant opens (scope of the OEM that manages it); null for a device kind. */
  oemId: string | null;
  note: string | null;
  expiresAt: number | null;
  revokedAt: number | null;
  revokedBy: string | null;
  createdAt: number;
  createdBy: string;
}

/** A REST API key (decision 0080): only a hash of its secret is kept; the secret is shown once. */
export interface ApiKeyRecord {
  id: string;
  /** `platform` or the OEM id whose settings hold it. */
  tenantId: string;
  name: string;
  scope: 'read' | 'write';
  /** The first characters of the secret, to recognise it. */
  prefix: string;
  secretHash: string;
  /** The account a request with this key acts for (its creator). */
  userId: string;
  createdAt: number;
  createdBy: string;
  lastUsedAt: number | null;
  resetAt: number | null;
  revokedAt: number | null;
}

/** Company settings of a tenant (`platform` or an OEM id): the logo and the rules' delivery-method configuration. */
export interface CompanySettingsRecord {
  id: string;
  logo: { dataUrl: string; type: string; size: number; fileName: string; updatedAt: number } | null;
  smtpSender: string | null;
  smsSenderId: string | null;
  webhookSecret: string | null;
  updatedAt: number;
  /** The organisation's carbon method settings (decision 0094); absent until it saves some. */
  carbon?: CarbonSettingsRecord;
}

/** Carbon method settings an organisation saved: the defaults of its carbon report (decision 0094). */
export interface CarbonSettingsRecord {
  gridIntensity: number;
  chargingLossPct: number;
  baseline2w: number;
  baseline3w: number;
  baseline2wSource: string | null;
  baseline3wSource: string | null;
  /** `City:0.65,Other City:0.7`, or null. */
  regions: string | null;
  /** A fleet's own supply contract: null for none; absent where the organisation is not a fleet. */
  supplyContract?: { supplier: string; instrument: string; intensity: number } | null;
  updatedAt: number;
  updatedBy: string;
}

/**
 * An organisation's widget SDK key (decision 0115, managed in Settings by decision 0123). The key is public by design,
 * kept as it is; `config` is the widget's flowConfig fields as Settings writes them (null: the defaults).
 */
export interface SdkKeyRecord {
  id: string;
  /** `platform` or an OEM id. */
  tenantId: string;
  key: string;
  name: string;
  config: Record<string, unknown> | null;
  createdAt: number;
  revokedAt: number | null;
}

/** Every table of the world and the type of its rows. */
export interface WorldRows {
  oems: Oem;
  dealers: Dealer;
  fleets: Fleet;
  evOwners: EvOwner;
  drivers: Driver;
  users: UserRecord;
  models: Model;
  vehicles: Vehicle;
  bmsDevices: Device;
  mcuDevices: Device;
  vcuDevices: Device;
  loggers: Device;
  sims: SimCard;
  faults: Fault;
  commands: Command;
  notifications: Notification;
  audit: AuditEntry;
  sessions: SessionRecord;
  geofences: Geofence;
  roles: RoleRecord;
  deviceGroups: DeviceGroupRecord;
  tickets: TicketRecord;
  rules: Rule;
  firmwareReleases: FirmwareReleaseRecord;
  firmwareRollouts: FirmwareRolloutRecord;
  otaUpdates: OtaUpdateRecord;
  accessGrants: AccessGrantRecord;
  apiKeys: ApiKeyRecord;
  companySettings: CompanySettingsRecord;
  dashboards: DashboardRecord;
  sdkKeys: SdkKeyRecord;
}

export type TableName = keyof WorldRows;

export const TABLE_NAMES = [
  'oems',
  'dealers',
  'fleets',
  'evOwners',
  'drivers',
  'users',
  'models',
  'vehicles',
  'bmsDevices',
  'mcuDevices',
  'vcuDevices',
  'loggers',
  'sims',
  'faults',
  'commands',
  'notifications',
  'audit',
  'sessions',
  'geofences',
  'roles',
  'deviceGroups',
  'tickets',
  'rules',
  'firmwareReleases',
  'firmwareRollouts',
  'otaUpdates',
  'accessGrants',
  'apiKeys',
  'companySettings',
  'dashboards',
  'sdkKeys',
] as const satisfies readonly TableName[];
