import type { AuditStore } from '@services/audit/audit-chain';
import type {
  CarbonSettingsDeps,
  CarbonSettingsStore,
  StoredCarbonSettings,
} from '@services/carbon-settings/carbon-settings-store';
import type { WorldDb } from '../world/db';
import { supplyContractOf } from '../world/supply-contracts';
import type { CarbonSettingsRecord, CompanySettingsRecord } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type UndoLog, worldTransact } from './world-transaction';

/** A saved carbon record of the world as the services keep it (time as ISO). */
export function toStoredCarbon(row: CarbonSettingsRecord): StoredCarbonSettings {
  const { updatedAt, ...rest } = row;
  return { ...rest, updatedAt: new Date(updatedAt).toISOString() };
}

/** The name of a party of the world, or undefined when it is gone. */
export function worldPartyName(db: WorldDb, kind: 'oem' | 'dealer' | 'fleet' | 'evowner', id: string) {
  const t = db.tables;
  if (kind === 'oem') return t.oems.get(id)?.name;
  if (kind === 'dealer') return t.dealers.get(id)?.name;
  if (kind === 'fleet') return t.fleets.get(id)?.name;
  return t.evOwners.get(id)?.name;
}

/**
 * The CarbonSettingsStore of the services over the world's `companySettings` rows (`carbon`); a fleet's seeded
 * contract is the world's `supplyContractOf` (the server seeds the same into its row).
 */
export function worldCarbonSettingsStore(db: WorldDb, undo?: UndoLog): CarbonSettingsStore {
  return {
    async get(organisationId) {
      const carbon = db.tables.companySettings.get(organisationId)?.carbon;
      return carbon && toStoredCarbon(carbon);
    },
    async save(organisationId, settings) {
      undo?.touch('companySettings', organisationId);
      const at = Date.parse(settings.updatedAt);
      const carbon: CarbonSettingsRecord = { ...settings, updatedAt: at };
      if (db.tables.companySettings.get(organisationId)) {
        db.tables.companySettings.update(organisationId, { carbon, updatedAt: at });
        return;
      }
      const fresh: CompanySettingsRecord = {
        id: organisationId,
        logo: null,
        smtpSender: null,
        smsSenderId: null,
        webhookSecret: null,
        updatedAt: at,
        carbon,
      };
      db.tables.companySettings.insert(fresh);
    },
    async partyName(kind, id) {
      return worldPartyName(db, kind, id);
    },
    async seededContract(fleetId) {
      return supplyContractOf(db.world.seed, { id: fleetId });
    },
  };
}

/** The carbon settings services' dependencies over the demo world. */
export function worldCarbonSettingsDeps(db: WorldDb): CarbonSettingsDeps {
  return {
    carbon: worldCarbonSettingsStore(db),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { carbon: CarbonSettingsStore; audit: AuditStore } => ({
      carbon: worldCarbonSettingsStore(db, undo),
      audit: worldAuditStore(db, undo),
    })),
  };
}
