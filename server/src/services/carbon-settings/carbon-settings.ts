import {
  CARBON_LIMITS,
  carbonSettingsErrors,
  DEFAULT_BASELINES,
  DEFAULT_CHARGING_LOSS_PCT,
  INDIA_GRID_INTENSITY,
  parseRegions,
} from '@/domain/carbon';
import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import {
  type CarbonOrganisation,
  carbonOrganisationName,
  carbonOrganisationOf,
  fleetContract,
} from './carbon-organisation';
import type {
  CarbonSettings,
  CarbonSettingsDeps,
  CarbonSettingsStore,
  StoredCarbonSettings,
  SupplyContract,
} from './carbon-settings-store';

/** The settings as the API shows them: the saved values, else the defaults (`saved: false`). */
async function view(
  store: CarbonSettingsStore,
  caller: Caller,
  org: CarbonOrganisation,
  row: StoredCarbonSettings | undefined,
): Promise<CarbonSettings> {
  return {
    organisation: await carbonOrganisationName(store, caller, org),
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
    supplyContract:
      org.kind === 'fleet' && org.partyId ? fleetContract(row, await store.seededContract(org.partyId)) : null,
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/** GET /analysis/carbon-settings: the caller's organisation's settings, or the defaults; needs `ce`. */
export async function getCarbonSettings(deps: CarbonSettingsDeps, caller: Caller): Promise<CarbonSettings> {
  requirePermission(caller, 'ce');
  const org = carbonOrganisationOf(caller);
  return view(deps.carbon, caller, org, await deps.carbon.get(org.id));
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

/**
 * PUT /analysis/carbon-settings: saves the caller's organisation's settings (the domain's `carbonSettingsErrors`:
 * a value of 0 or below or out of range is a 400 naming the field); only a fleet sends a supply contract. Needs `ce`
 * with Configure. Audit entity Settings, action Update.
 */
export async function saveCarbonSettings(
  deps: CarbonSettingsDeps,
  caller: Caller,
  input: { body: Record<string, unknown> },
): Promise<CarbonSettings> {
  requirePermission(caller, 'ce', ACTION.CONFIGURE);
  const org = carbonOrganisationOf(caller);
  const body = input.body ?? {};
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
  const now = deps.now();
  return deps.transact(async (tx) => {
    const previous = await tx.carbon.get(org.id);
    const carbon: StoredCarbonSettings = {
      ...values,
      baseline2wSource: optionalText(body.baseline2wSource, 200),
      baseline3wSource: optionalText(body.baseline3wSource, 200),
      regions: regionsText,
      updatedAt: now.toISOString(),
      updatedBy: caller.user.name,
    };
    if (org.kind === 'fleet') {
      const contract = supplyContract !== undefined ? supplyContract : previous?.supplyContract;
      if (contract !== undefined) carbon.supplyContract = contract;
    }
    const before = await view(tx.carbon, caller, org, previous);
    await tx.carbon.save(org.id, carbon);
    const after = await view(tx.carbon, caller, org, carbon);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Settings',
        entityId: org.id,
        action: 'Update',
        summary: `Saved the carbon method settings of ${after.organisation}`,
        changes: diffFields({ ...before, updatedAt: undefined }, { ...after, updatedAt: undefined }),
      },
      now,
    );
    return after;
  });
}
