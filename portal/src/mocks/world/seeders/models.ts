import { BMS_MODEL_NAMES, EV_MODEL_NAMES, MCU_MODEL_NAMES, VCU_MODEL_NAMES } from '../catalog';
import {
  MASTER_STATES,
  MODEL_COMMANDS,
  MODEL_CONFIGURATIONS,
  MODEL_FAULTS,
  TELEMETRY_TEMPLATES,
} from '../model-catalog';
import { pad } from '../prng';
import type { DeviceKind, Model } from '../types';
import { createdAtOf, ids, MODELS_PER_OEM, modelIndex, type Seeder } from './context';

const MODEL_KINDS: readonly DeviceKind[] = ['EV', 'BMS', 'MCU', 'VCU'];
const NAMES: Record<DeviceKind, readonly string[]> = {
  EV: EV_MODEL_NAMES,
  BMS: BMS_MODEL_NAMES,
  MCU: MCU_MODEL_NAMES,
  VCU: VCU_MODEL_NAMES,
};

/**
 * The vehicle (EV), BMS, MCU and VCU models of every OEM (`MODELS_PER_OEM`), fully configured from the model
 * catalogue, plus one EV model still in draft at step 3, so "resume" has something to resume.
 */
export const seedModels: Seeder<'models', 'oems'> = (ctx, { oems }) => {
  const r = ctx.rng('models');
  const rows: Model[] = [];
  for (const kind of MODEL_KINDS) {
    const names = NAMES[kind];
    oems.forEach((oemRow, oem) => {
      for (let m = 0; m < MODELS_PER_OEM[kind]; m += 1) {
        const key = rows.length;
        const base = names[(oem + m) % names.length] ?? kind;
        const model: Model = {
          id: ids.model(kind, modelIndex(kind, oem, m)),
          kind,
          name: `${base} ${kind === 'EV' ? '' : `${kind} `}${oem + 1}.${m + 1}`.replace(/\s+/g, ' '),
          code: `${kind}-${pad(oem + 1, 2)}-${m + 1}`,
          oemId: oemRow.id,
          status: 1,
          configurationStep: 6,
          masterData: { states: MASTER_STATES[kind].map((s) => ({ ...s })) },
          commands: MODEL_COMMANDS[kind].map((c) => structuredClone(c)),
          faults: MODEL_FAULTS[kind].map((f) => ({ ...f })),
          telemetryTemplate: TELEMETRY_TEMPLATES[kind].map((t) => ({ ...t })),
          configuration: { ...MODEL_CONFIGURATIONS[kind] },
          createdAt: createdAtOf(ctx, r, key),
          updatedAt: createdAtOf(ctx, r, key),
        };
        if (kind === 'EV') model.vehicleType = r.chance(key, 1, 0.7) ? '2 Wheeler' : '3 Wheeler';
        if (kind === 'BMS') {
          const chemistry = r.pick(key, 2, [0, 1, 1, 3] as const);
          model.bms = {
            chemistry,
            cooling: r.pick(key, 3, [1, 2, 3, 4] as const),
            cellCount: r.pick(key, 4, [16, 20, 24]),
            nominalVoltage: chemistry === 1 ? 51.2 : 60,
            capacityAh: r.pick(key, 5, [30, 40, 50, 60]),
          };
        }
        if (kind === 'MCU')
          model.mcu = { motorType: r.pick(key, 6, [0, 1, 2] as const), ratedPowerKw: r.pick(key, 7, [2, 3, 5, 7.5]) };
        rows.push(model);
      }
    });
    if (kind === 'EV') {
      const draft: Model = {
        ...(rows[rows.length - 1] as Model),
        id: ids.model('EV', 999),
        name: 'Prototype (draft)',
        code: 'EV-DRAFT-1',
        status: 0,
        configurationStep: 3,
        commands: [],
        faults: [],
        telemetryTemplate: [],
      };
      // Step 5 is still ahead of this draft, so it has no configuration yet.
      delete draft.configuration;
      rows.push(draft);
    }
  }
  return rows;
};
