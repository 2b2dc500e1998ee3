import type { components } from './api-schema';

type Schemas = components['schemas'];

/**
 * The default telemetry template of each device kind (what a model of that kind reports unless its own template says
 * otherwise): the keys an OEM-wide or vehicle rule may test, and the demo world's models' templates.
 */
export const TELEMETRY_TEMPLATES: Record<Schemas['DeviceKind'], Schemas['TelemetryKey'][]> = {
  EV: [
    { key: 'speed', label: 'Speed', unit: 'km/h', source: 1, min: 0, max: 90 },
    { key: 'soc', label: 'State of charge', unit: '%', source: 1, min: 0, max: 100 },
    { key: 'odometer', label: 'Odometer', unit: 'km', source: 1, min: 0, max: 200000 },
    { key: 'range', label: 'Range', unit: 'km', source: 3, min: 0, max: 250 },
    { key: 'stateCode', label: 'Vehicle state', unit: 'code', source: 2, min: 0, max: 112 },
  ],
  BMS: [
    { key: 'packVoltage', label: 'Pack voltage', unit: 'V', source: 1, min: 40, max: 80 },
    { key: 'packCurrent', label: 'Pack current', unit: 'A', source: 1, min: -150, max: 150 },
    { key: 'soc', label: 'State of charge', unit: '%', source: 1, min: 0, max: 100 },
    { key: 'soh', label: 'State of health', unit: '%', source: 4, min: 60, max: 100 },
    { key: 'maxCellTemp', label: 'Max cell temperature', unit: '°C', source: 1, min: -10, max: 60 },
    { key: 'cellDelta', label: 'Cell voltage delta', unit: 'mV', source: 3, min: 0, max: 120 },
  ],
  MCU: [
    { key: 'motorRpm', label: 'Motor speed', unit: 'rpm', source: 1, min: 0, max: 8000 },
    { key: 'motorTemp', label: 'Motor temperature', unit: '°C', source: 1, min: -10, max: 120 },
    { key: 'controllerTemp', label: 'Controller temperature', unit: '°C', source: 1, min: -10, max: 100 },
    { key: 'torque', label: 'Torque', unit: 'Nm', source: 1, min: 0, max: 60 },
  ],
  VCU: [
    { key: 'driveMode', label: 'Drive mode', unit: 'mode', source: 2, min: 0, max: 2 },
    { key: 'gear', label: 'Gear', unit: 'position', source: 1, min: 0, max: 3 },
    { key: 'auxVoltage', label: '12 V supply', unit: 'V', source: 1, min: 10, max: 15 },
    { key: 'throttle', label: 'Throttle', unit: '%', source: 1, min: 0, max: 100 },
  ],
};
