import { fleetContract, carbonOrganisationOf, organisationNameOf } from '@services/carbon-settings/carbon-organisation';
import type { OrganisationKind } from '@services/carbon-settings/carbon-settings-store';
import { getCarbonSettings, saveCarbonSettings } from '@services/carbon-settings/carbon-settings';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { toStoredCarbon, worldCarbonSettingsDeps, worldPartyName } from '../adapter/carbon-settings-store';
import type { WorldDb } from '../world/db';
import { type SupplyContract, supplyContractOf } from '../world/supply-contracts';
import type { CarbonSettingsRecord, Fleet } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

interface Organisation {
  /** The companySettings row that holds its settings (the platform and an OEM share it with their company settings). */
  id: string;
  kind: OrganisationKind;
  name: string;
}

/**
 * The organisation whose carbon settings the caller reads and saves (decision 0094): the services'
 * `carbonOrganisationOf`, named from the world (the demo's carbon report and dashboard read it synchronously).
 */
export function organisationOf(ctx: AuthContext, db: WorldDb): Organisation {
  const caller = callerOf(ctx);
  const org = carbonOrganisationOf(caller);
  const party =
    org.kind === 'platform' || org.kind === 'user' || org.partyId === null
      ? undefined
      : worldPartyName(db, org.kind, org.partyId);
  return { id: org.id, kind: org.kind, name: organisationNameOf(caller, org, party) };
}

/** The carbon settings an organisation saved, or undefined. */
export function savedCarbonSettings(db: WorldDb, organisationId: string): CarbonSettingsRecord | undefined {
  return db.tables.companySettings.get(organisationId)?.carbon;
}

/** A fleet's supply contract: the services' `fleetContract` (the one it saved, null: none; else the seeded one). */
export function supplyContractOfFleet(db: WorldDb, fleet: Pick<Fleet, 'id'>): SupplyContract | null {
  const saved = savedCarbonSettings(db, `fleet:${fleet.id}`);
  return fleetContract(saved && toStoredCarbon(saved), supplyContractOf(db.world.seed, fleet));
}

/** The caller of a request and the carbon settings services' dependencies over the demo world. */
async function carbonCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldCarbonSettingsDeps(db) };
}

/** The carbon method settings of the caller's organisation (`ce`; saved with Configure): adapters over the services. */
export function createCarbonSettingsHandlers(http: ApiHttp) {
  return [
    http.get('/analysis/carbon-settings', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await carbonCall(request);
        return response(200).json(await getCarbonSettings(deps, caller));
      }),
    ),

    http.put('/analysis/carbon-settings', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await carbonCall(request);
        const body = await readJsonObject(request);
        return response(200).json(await saveCarbonSettings(deps, caller, { body }));
      }),
    ),
  ];
}
