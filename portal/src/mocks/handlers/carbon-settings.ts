import {
  CARBON_LIMITS,
  carbonSettingsErrors,
  DEFAULT_BASELINES,
  DEFAULT_CHARGING_LOSS_PCT,
  INDIA_GRID_INTENSITY,
  parseRegions,
} from '@/domain/carbon';
import { ACTION } from '@/domain/permissions';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import { type SupplyContract, supplyContractOf } from '../world/supply-contracts';
import type { CarbonSettingsRecord, CompanySettingsRecord, Fleet } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { recordAudit } from './lib/audit-log';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';

type ApiCarbonSettings = components['schemas']['CarbonSettings'];
type OrganisationKind = ApiCarbonSettings['organisationKind'];

interface Organisation {
  /** The companySettings row that holds its settings (the platform and an OEM share it with their company settings). */
  id: string;
  kind: OrganisationKind;
  name: string;
}

/** The organisation whose carbon settings the caller reads and saves (decision 0094). */
export function organisationOf(ctx: AuthContext, db: WorldDb): Organisation {
  const u = ctx.user;
  if (ctx.roleType === 'platform') return { id: 'platform', kind: 'platform', name: 'the platform' };
  if (ctx.roleType === 'oem' && u.oemId)
    return { id: u.oemId, kind: 'oem', name: db.tables.oems.get(u.oemId)?.name ?? u.oemId };
  if (ctx.roleType === 'dealer' && u.dealerId)
    return { id: `dealer:${u.dealerId}`, kind: 'dealer', name: db.tables.dealers.get(u.dealerId)?.name ?? u.dealerId };
  if ((ctx.roleType === 'fleet' || ctx.roleType === 'driver') && u.fleetId)
    return { id: `fleet:${u.fleetId}`, kind: 'fleet', name: db.tables.fleets.get(u.fleetId)?.name ?? u.fleetId };
  if (ctx.roleType === 'evOwner' && u.evOwnerId)
    return {
      id: `evowner:${u.evOwnerId}`,
      kind: 'evowner',
      name: db.tables.evOwners.get(u.evOwnerId)?.name ?? u.evOwnerId,
    };
  return { id: `user:${u.id}`, kind: 'user', name: u.name };
}

/** The carbon settings an organisation saved, or undefined. */
export function savedCarbonSettings(db: WorldDb, organisationId: string): CarbonSettingsRecord | undefined {
  return db.tables.companySettings.get(organisationId)?.carbon;
}

/** A fleet's supply contract: the one it saved (null: none), else the seeded one. */
export function supplyContractOfFleet(db: WorldDb, fleet: Pick<Fleet, 'id'>): SupplyContract | null {
  const saved = savedCarbonSettings(db, `fleet:${fleet.id}`);
  if (saved && saved.supplyContract !== undefined) return saved.supplyContract;
  return supplyContractOf(db.world.seed, fleet);
}

function toApi(db: WorldDb, org: Organisation, row: CarbonSettingsRecord | undefined): ApiCarbonSettings {
  const fleetId = org.kind === 'fleet' ? org.id.slice('fleet:'.length) : null;
  return {
    organisation: org.name,
    organisationKind: org.kind,
    saved: row !== undefined,
    mayEditContract: org.kind === 'fleet',
    gridIntensity: row?.gridIntensity ?? INDIA_GRID_INTENSITY,
    chargingLossPct: row?.chargingLossPct ?? DEFAULT_CHARGING_LOSS_PCT,
    baseline2w: row?.baseline2w ?? DEFAULT_BASELINES['2 Wheeler'].gPerKm,
    baseline3w: row?.baseline3w ?? DEFAULT_BASELINES['3 Wheeler'].gPerKm,
    baseline2wSource: row?.baseline2wSource ?? null,
    baseline3wSource: row?.baseline3wSource ?? null,
    regions: row?.regions ?? null,
    supplyContract: fleetId ? supplyContractOfFleet(db, { id: fleetId }) : null,
    updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
    updatedBy: row?.updatedBy ?? null,
  };
}

const optionalText = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

function readContract(errors: FieldErrors, raw: unknown): SupplyContract | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== 'object') {
    errors.add('supplyContract', 'Send the contract as supplier, instrument and intensity, or null for none.');
    return null;
  }
  const c = raw as Record<string, unknown>;
  const supplier = optionalText(c.supplier, 120);
  const instrument = optionalText(c.instrument, 200);
  const intensity = typeof c.intensity === 'number' ? c.intensity : Number.NaN;
  if (!supplier) errors.add('supplyContract.supplier', 'Enter the supplier.');
  if (!instrument) errors.add('supplyContract.instrument', 'Enter the instrument (PPA, green tariff, certificates).');
  if (!Number.isFinite(intensity)) errors.add('supplyContract.intensity', "Enter the contract's intensity.");
  else if (intensity < 0 || intensity > CARBON_LIMITS.maxGridIntensity)
    errors.add(
      'supplyContract.intensity',
      `The contract's intensity must be between 0 and ${CARBON_LIMITS.maxGridIntensity} t CO2/MWh.`,
    );
  return supplier && instrument ? { supplier, instrument, intensity } : null;
}

/** The carbon method settings of the caller's organisation: read with `ce`, saved with `ce` Configure. */
export function createCarbonSettingsHandlers(http: ApiHttp) {
  return [
    http.get('/analysis/carbon-settings', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'ce');
      const org = organisationOf(ctx, db);
      return response(200).json(toApi(db, org, savedCarbonSettings(db, org.id)));
    }),

    http.put('/analysis/carbon-settings', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'ce', ACTION.CONFIGURE);
      const org = organisationOf(ctx, db);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const num = (field: string) => {
        const value = body[field];
        if (typeof value === 'number') return value;
        if (typeof value === 'string' && value.trim() !== '') return Number(value);
        return Number.NaN;
      };
      const regionsText = optionalText(body.regions, 500);
      const parsed = parseRegions(regionsText ?? '');
      if (parsed.syntaxError) errors.add('regions', parsed.syntaxError);
      const values = {
        gridIntensity: num('gridIntensity'),
        chargingLossPct: num('chargingLossPct'),
        baseline2w: num('baseline2w'),
        baseline3w: num('baseline3w'),
      };
      const found = carbonSettingsErrors({
        gridIntensity: values.gridIntensity,
        chargingLossPct: values.chargingLossPct,
        baselines: { '2 Wheeler': values.baseline2w, '3 Wheeler': values.baseline3w },
        regions: parsed.regions,
      });
      for (const [field, message] of Object.entries(found)) errors.add(field, message);
      let supplyContract: SupplyContract | null | undefined;
      if (body.supplyContract !== undefined) {
        if (org.kind !== 'fleet' && body.supplyContract !== null)
          errors.add('supplyContract', 'Only a fleet enters its own supply contract.');
        else if (org.kind === 'fleet') supplyContract = readContract(errors, body.supplyContract);
      }
      errors.throwIfAny();
      const previous = savedCarbonSettings(db, org.id);
      const now = Date.now();
      const carbon: CarbonSettingsRecord = {
        ...values,
        baseline2wSource: optionalText(body.baseline2wSource, 200),
        baseline3wSource: optionalText(body.baseline3wSource, 200),
        regions: regionsText,
        ...(org.kind === 'fleet'
          ? { supplyContract: supplyContract !== undefined ? supplyContract : previous?.supplyContract }
          : {}),
        updatedAt: now,
        updatedBy: ctx.user.name,
      };
      if (carbon.supplyContract === undefined) delete carbon.supplyContract;
      const row = db.tables.companySettings.get(org.id);
      if (row) db.tables.companySettings.update(org.id, { carbon, updatedAt: now });
      else {
        const fresh: CompanySettingsRecord = {
          id: org.id,
          logo: null,
          smtpSender: null,
          smsSenderId: null,
          webhookSecret: null,
          updatedAt: now,
          carbon,
        };
        db.tables.companySettings.insert(fresh);
      }
      await recordAudit(db, ctx, 'Settings', org.id, 'Update', `Saved the carbon method settings of ${org.name}`);
      await db.persist();
      return response(200).json(toApi(db, org, carbon));
    }),
  ];
}
