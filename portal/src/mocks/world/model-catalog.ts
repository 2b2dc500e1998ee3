import type { components } from '@/domain/api-schema';

type Schemas = components['schemas'];

/** Master data (states) per model kind: Vehicle State for VCU and EV, BMS State for BMS, MCU State for MCU (spec §2, §3). */
export const MASTER_STATES: Record<Schemas['DeviceKind'], Schemas['MasterState'][]> = {
  EV: [
    { code: 0, label: 'StandBy' },
    { code: 16, label: 'Accessory' },
    { code: 32, label: 'StartUp' },
    { code: 48, label: 'HVON' },
    { code: 64, label: 'Drive Start Up' },
    { code: 66, label: 'Drive' },
    { code: 67, label: 'Limp Home' },
    { code: 80, label: 'Charge Start Up' },
    { code: 81, label: 'AC Charge' },
    { code: 82, label: 'DC Charge' },
    { code: 96, label: 'Shutdown' },
    { code: 101, label: 'Emergency Shutdown' },
    { code: 112, label: 'Discharge' },
    { code: 'F', label: 'SNA' },
  ],
  VCU: [],
  BMS: [
    { code: 0, label: 'Off' },
    { code: 1, label: 'Ready' },
    { code: 2, label: 'Drive' },
    { code: 3, label: 'LimpHome' },
    { code: 4, label: 'Discharge' },
    { code: 5, label: 'Emergency' },
    { code: 6, label: 'Fault' },
    { code: 'F', label: 'SNA' },
  ],
  MCU: [],
};
MASTER_STATES.VCU = MASTER_STATES.EV;
MASTER_STATES.MCU = MASTER_STATES.BMS;

export const MODEL_COMMANDS: Record<Schemas['DeviceKind'], Schemas['ModelCommand'][]> = {
  EV: [
    {
      code: 'IMMOBILIZE',
      name: 'Immobilize',
      description: 'Prevent the vehicle from starting.',
      safetyCritical: true,
      parameters: [{ name: 'reason', label: 'Reason', type: 'string', required: true, maxLength: 200 }],
    },
    { code: 'MOBILIZE', name: 'Mobilize', description: 'Allow the vehicle to start again.' },
    { code: 'LOCATE', name: 'Locate', description: 'Report the current location now.' },
    {
      code: 'REMOTE_STOP',
      name: 'Remote stop',
      description: 'Bring a moving vehicle to a controlled stop and keep it stopped.',
      safetyCritical: true,
      parameters: [
        { name: 'rampDownS', label: 'Ramp-down time', type: 'integer', required: true, min: 5, max: 120, unit: 's' },
      ],
    },
  ],
  BMS: [
    { code: 'BMS_RESET', name: 'Reset BMS', description: 'Restart the battery management system.' },
    { code: 'BALANCE', name: 'Start cell balancing', description: 'Balance cell voltages.' },
    { code: 'SOC_CALIBRATE', name: 'Calibrate SoC', description: 'Recalibrate the state of charge.' },
  ],
  MCU: [
    { code: 'MCU_RESET', name: 'Reset MCU', description: 'Restart the motor controller.' },
    {
      code: 'SPEED_LIMIT',
      name: 'Set speed limit',
      description: 'Limit the top speed.',
      parameters: [
        { name: 'speedKmh', label: 'Top speed', type: 'integer', required: true, min: 10, max: 120, unit: 'km/h' },
      ],
    },
  ],
  VCU: [
    { code: 'VCU_RESET', name: 'Reset VCU', description: 'Restart the vehicle controller.' },
    {
      code: 'DRIVE_MODE',
      name: 'Set drive mode',
      description: 'Normal, Economy or Performance.',
      parameters: [
        {
          name: 'mode',
          label: 'Drive mode',
          type: 'enum',
          required: true,
          options: ['Normal', 'Economy', 'Performance'],
        },
      ],
    },
    {
      code: 'TELEMETRY_INTERVAL',
      name: 'Set telemetry interval',
      description: 'Change how often telemetry is sent.',
      parameters: [
        { name: 'intervalS', label: 'Interval', type: 'integer', required: true, min: 1, max: 3600, unit: 's' },
      ],
    },
  ],
};

export const MODEL_FAULTS: Record<Schemas['DeviceKind'], Schemas['ModelFault'][]> = {
  EV: [
    { code: 'EV_TILT', name: 'Vehicle tilt detected', kind: 'Alert', scope: 'System', severity: 2, deviceKind: 'EV' },
    { code: 'EV_GEOFENCE', name: 'Geofence exit', kind: 'Alert', scope: 'System', severity: 1, deviceKind: 'EV' },
  ],
  BMS: [
    { code: 'BMS_OV', name: 'Cell over-voltage', kind: 'Fault', scope: 'Component', severity: 4, deviceKind: 'BMS' },
    { code: 'BMS_UV', name: 'Cell under-voltage', kind: 'Fault', scope: 'Component', severity: 3, deviceKind: 'BMS' },
    {
      code: 'BMS_OT',
      name: 'Pack over-temperature',
      kind: 'Fault',
      scope: 'Component',
      severity: 5,
      deviceKind: 'BMS',
    },
    {
      code: 'BMS_LOW_SOC',
      name: 'Low state of charge',
      kind: 'Alert',
      scope: 'Component',
      severity: 1,
      deviceKind: 'BMS',
    },
    {
      code: 'BMS_IMBALANCE',
      name: 'Cell imbalance',
      kind: 'Alert',
      scope: 'Component',
      severity: 2,
      deviceKind: 'BMS',
    },
  ],
  MCU: [
    { code: 'MCU_OC', name: 'Phase over-current', kind: 'Fault', scope: 'Component', severity: 4, deviceKind: 'MCU' },
    {
      code: 'MCU_OT',
      name: 'Motor over-temperature',
      kind: 'Fault',
      scope: 'Component',
      severity: 3,
      deviceKind: 'MCU',
    },
    { code: 'MCU_HALL', name: 'Hall sensor error', kind: 'Fault', scope: 'Component', severity: 2, deviceKind: 'MCU' },
  ],
  VCU: [
    { code: 'VCU_CAN', name: 'CAN bus timeout', kind: 'Fault', scope: 'System', severity: 3, deviceKind: 'VCU' },
    {
      code: 'VCU_THROTTLE',
      name: 'Throttle plausibility',
      kind: 'Fault',
      scope: 'System',
      severity: 2,
      deviceKind: 'VCU',
    },
    { code: 'VCU_12V_LOW', name: 'Low 12 V supply', kind: 'Alert', scope: 'System', severity: 1, deviceKind: 'VCU' },
  ],
};

/** The default telemetry template per kind: one copy, in the domain (the rules' services read it too). */
export { TELEMETRY_TEMPLATES } from '@/domain/telemetry-templates';

/** Step 5 defaults per kind: an EV reports all three components, a device model only itself (component bit flags). */
export const MODEL_CONFIGURATIONS: Record<Schemas['DeviceKind'], Schemas['ModelConfiguration']> = {
  EV: { tripMode: 2, intervalMode: 2, telemetryIntervalSec: 10, components: 7 },
  BMS: { tripMode: 3, intervalMode: 1, telemetryIntervalSec: 30, components: 2 },
  MCU: { tripMode: 0, intervalMode: 3, telemetryIntervalSec: 5, components: 4 },
  VCU: { tripMode: 2, intervalMode: 2, telemetryIntervalSec: 10, components: 1 },
};
