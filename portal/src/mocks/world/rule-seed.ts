import type { Model, Oem, Rule } from './types';

/** The seeded rule ids of an OEM that the seeded notification history refers to. */
export const SEEDED_RULE_IDS = {
  criticalFaults: (oemId: string) => `rule-${oemId}-critical-faults`,
  highFaults: (oemId: string) => `rule-${oemId}-high-faults`,
};

const CREATED_DAYS_AGO = 60;

/**
 * A few sensible rules per OEM, the same for the same world: critical and high-severity faults (the ones the seeded
 * notification history was sent by), a hot battery that opens a ticket, a low state of charge, and a disabled motor
 * temperature rule on one BMS/MCU model (a Model-scoped example).
 */
export function seedRules(oems: readonly Oem[], models: readonly Model[], now: number): Rule[] {
  const created = now - CREATED_DAYS_AGO * 86_400_000;
  const base = {
    description: '',
    modelId: null,
    vehicleId: null,
    clearConditions: [],
    repeatSeconds: 0,
    recipients: [],
    webhookUrl: null,
    commandCode: null,
    openTicket: false,
    enabled: true,
    lastFiredAt: null,
    createdBy: 'usr-sa',
    createdAt: created,
    updatedAt: created,
  } satisfies Partial<Rule>;
  return oems.flatMap((oem, i) => {
    const mail = `alerts@${oem.code.toLowerCase()}.example.com`;
    const mcuModel = models.find((m) => m.oemId === oem.id && m.kind === 'MCU');
    const rules: Rule[] = [
      {
        ...base,
        id: SEEDED_RULE_IDS.criticalFaults(oem.id),
        name: 'Critical faults',
        description: 'Any fault of severity Critical or above, on every vehicle of the OEM.',
        oemId: oem.id,
        deviceKind: 'EV',
        scope: 1,
        conditionOperator: 1,
        conditions: [{ kind: 'fault', key: null, comparator: '>=', value: 4 }],
        pendingSeconds: 0,
        cooldownSeconds: 3600,
        repeatSeconds: 4 * 3600,
        severity: 4,
        deliveryMethods: 1 | 2 | 4 | 16,
        recipients: [mail, `+91 98${String(10_000_000 + i * 7_654_321).slice(0, 8)}`],
        openTicket: true,
      },
      {
        ...base,
        id: SEEDED_RULE_IDS.highFaults(oem.id),
        name: 'High severity faults',
        description: 'Faults of severity High.',
        oemId: oem.id,
        deviceKind: 'EV',
        scope: 1,
        conditionOperator: 1,
        conditions: [{ kind: 'fault', key: null, comparator: '==', value: 3 }],
        pendingSeconds: 0,
        cooldownSeconds: 3600,
        severity: 3,
        deliveryMethods: 1 | 16,
      },
      {
        ...base,
        id: `rule-${oem.id}-hot-battery`,
        name: 'Battery overheating',
        description: 'Max cell temperature above 55 °C for a minute; clears below 50 °C.',
        oemId: oem.id,
        deviceKind: 'BMS',
        scope: 1,
        conditionOperator: 1,
        conditions: [{ kind: 'telemetry', key: 'maxCellTemp', comparator: '>', value: 55 }],
        clearConditions: [{ kind: 'telemetry', key: 'maxCellTemp', comparator: '<', value: 50 }],
        pendingSeconds: 60,
        cooldownSeconds: 1800,
        severity: 4,
        deliveryMethods: 1 | 2 | 8 | 16,
        recipients: [mail],
        webhookUrl: `https://hooks.${oem.code.toLowerCase()}.example.com/voltline`,
        openTicket: true,
      },
      {
        ...base,
        id: `rule-${oem.id}-low-soc`,
        name: 'Low state of charge',
        description: 'State of charge below 12 % for two minutes.',
        oemId: oem.id,
        deviceKind: 'EV',
        scope: 1,
        conditionOperator: 1,
        conditions: [{ kind: 'telemetry', key: 'soc', comparator: '<', value: 12 }],
        pendingSeconds: 120,
        cooldownSeconds: 3600,
        severity: 2,
        deliveryMethods: 1 | 16,
        // Its cooldown was raised from 30 minutes (the seeded audit history holds the change).
        updatedAt: now - 25 * 86_400_000,
      },
    ];
    if (mcuModel) {
      rules.push({
        ...base,
        id: `rule-${oem.id}-motor-temp`,
        name: `Motor temperature (${mcuModel.name})`,
        description: 'Motor or controller running hot; sends the derate command.',
        oemId: oem.id,
        deviceKind: 'MCU',
        scope: 2,
        modelId: mcuModel.id,
        conditionOperator: 2,
        conditions: [
          { kind: 'telemetry', key: 'motorTemp', comparator: '>', value: 110 },
          { kind: 'telemetry', key: 'controllerTemp', comparator: '>', value: 92 },
        ],
        pendingSeconds: 30,
        cooldownSeconds: 900,
        severity: 3,
        deliveryMethods: 16 | 32,
        commandCode: mcuModel.commands[0]?.code ?? null,
        enabled: false,
        // Disabled after it was made (the seeded audit history holds the change).
        updatedAt: now - 9 * 86_400_000,
      });
    }
    return rules;
  });
}
