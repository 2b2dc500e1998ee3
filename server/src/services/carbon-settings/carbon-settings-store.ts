import type { AuditStore } from '../audit/audit-chain';
import type { Schemas } from '../lib/api-types';

export type CarbonSettings = Schemas['CarbonSettings'];
export type SupplyContract = Schemas['SupplyContract'];
export type OrganisationKind = CarbonSettings['organisationKind'];

/** Carbon method settings an organisation saved (decision 0094): the defaults of its carbon report. */
export interface StoredCarbonSettings {
  gridIntensity: number;
  chargingLossPct: number;
  baseline2w: number;
  baseline3w: number;
  baseline2wSource: string | null;
  baseline3wSource: string | null;
  /** `City:0.65,Other City:0.7`, or null. */
  regions: string | null;
  /** A fleet's own supply contract: null for none; absent where the organisation is not a fleet or never set one. */
  supplyContract?: SupplyContract | null;
  updatedAt: string;
  updatedBy: string;
}

/** Storage of carbon settings: one per organisation (the row of its company settings, by the organisation's id). */
export interface CarbonSettingsStore {
  get(organisationId: string): Promise<StoredCarbonSettings | undefined>;
  save(organisationId: string, settings: StoredCarbonSettings): Promise<void>;
  /** The name of the OEM, service centre, fleet or EV owner; undefined when it is gone. */
  partyName(kind: 'oem' | 'dealer' | 'fleet' | 'evowner', id: string): Promise<string | undefined>;
  /** The supply contract a fleet came with (the seeded one), or null. */
  seededContract(fleetId: string): Promise<SupplyContract | null>;
}

export interface CarbonSettingsDeps {
  carbon: CarbonSettingsStore;
  now: () => Date;
  transact<T>(work: (tx: { carbon: CarbonSettingsStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
