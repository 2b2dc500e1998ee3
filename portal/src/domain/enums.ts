/**
 * Enumerations of portal spec §3, as typed `as const` maps from a name to its wire value, each with readable labels.
 * Values are what the Fleet API sends; labels are what the UI shows.
 */

/** Generic status: 0 inactive, 1 active. */
export const STATUS = { INACTIVE: 0, ACTIVE: 1 } as const;
export const STATUS_LABELS = { 0: 'Inactive', 1: 'Active' } as const satisfies Record<
  (typeof STATUS)[keyof typeof STATUS],
  string
>;

/** The generic status variant that also knows deleted records. */
export const STATUS_WITH_DELETED = { INACTIVE: 0, ACTIVE: 1, DELETED: 2 } as const;
export const STATUS_WITH_DELETED_LABELS = { 0: 'Inactive', 1: 'Active', 2: 'Deleted' } as const;

/** Yes/No as the API sends it: 0 / 1. */
export const YES_NO = { YES: 0, NO: 1 } as const;
export const YES_NO_LABELS = { 0: 'Yes', 1: 'No' } as const;

export const TICKET_STATUS = { NEW: 1, IN_PROGRESS: 2, HOLD: 3, REOPEN: 4, DELETED: 5, CLOSED: 6 } as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  1: 'New',
  2: 'In-Progress',
  3: 'Hold',
  4: 'Reopen',
  5: 'Deleted',
  6: 'Closed',
};

export const VEHICLE_TYPES = ['2 Wheeler', '3 Wheeler'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const CONNECTIVITY = ['Wi-Fi', 'GSM', '3G', '4G', '5G'] as const;
export type Connectivity = (typeof CONNECTIVITY)[number];

/** The value the API sends when a state signal is not available. */
export const SNA = 'F' as const;

export const VEHICLE_STATE = {
  STANDBY: 0,
  ACCESSORY: 16,
  STARTUP: 32,
  HVON: 48,
  DRIVE_STARTUP: 64,
  DRIVE: 66,
  LIMP_HOME: 67,
  CHARGE_STARTUP: 80,
  AC_CHARGE: 81,
  DC_CHARGE: 82,
  SHUTDOWN: 96,
  EMERGENCY_SHUTDOWN: 101,
  DISCHARGE: 112,
  SNA,
} as const;
export type VehicleState = (typeof VEHICLE_STATE)[keyof typeof VEHICLE_STATE];
export const VEHICLE_STATE_LABELS: Record<VehicleState, string> = {
  0: 'StandBy',
  16: 'Accessory',
  32: 'StartUp',
  48: 'HVON',
  64: 'Drive Start Up',
  66: 'Drive',
  67: 'Limp Home',
  80: 'Charge Start Up',
  81: 'AC Charge',
  82: 'DC Charge',
  96: 'Shutdown',
  101: 'Emergency Shutdown',
  112: 'Discharge',
  F: 'SNA',
};

/** "Drive (66)": a vehicle state code with its label (spec §3). */
export function vehicleStateLabel(code: number | string): string {
  const label = VEHICLE_STATE_LABELS[code as VehicleState];
  return label ? `${label} (${code})` : `Unknown (${code})`;
}

/** BMS and MCU share one state list. */
export const DEVICE_STATE = {
  OFF: 0,
  READY: 1,
  DRIVE: 2,
  LIMP_HOME: 3,
  DISCHARGE: 4,
  EMERGENCY: 5,
  FAULT: 6,
  SNA,
} as const;
export type DeviceState = (typeof DEVICE_STATE)[keyof typeof DEVICE_STATE];
export const DEVICE_STATE_LABELS: Record<DeviceState, string> = {
  0: 'Off',
  1: 'Ready',
  2: 'Drive',
  3: 'LimpHome',
  4: 'Discharge',
  5: 'Emergency',
  6: 'Fault',
  F: 'SNA',
};

export const FAULT_SEVERITY = { NONE: 0, LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4, EMERGENCY: 5, SNA } as const;
export type FaultSeverity = (typeof FAULT_SEVERITY)[keyof typeof FAULT_SEVERITY];
export const FAULT_SEVERITY_LABELS: Record<FaultSeverity, string> = {
  0: 'None',
  1: 'Low',
  2: 'Medium',
  3: 'High',
  4: 'Critical',
  5: 'Emergency',
  F: 'SNA',
};

/** The alert-severity numbering some endpoints use instead of FAULT_SEVERITY. */
export const ALERT_SEVERITY = { MEDIUM: 1, HIGH: 2, LOW: 3, CRITICAL: 4 } as const;
export type AlertSeverity = (typeof ALERT_SEVERITY)[keyof typeof ALERT_SEVERITY];
export const ALERT_SEVERITY_LABELS: Record<AlertSeverity, SeverityLevel> = {
  1: 'Medium',
  2: 'High',
  3: 'Low',
  4: 'Critical',
};

export type SeverityLevel = 'Low' | 'Medium' | 'High' | 'Critical';
export const SEVERITY_COLORS = {
  Low: '#50C878',
  Medium: '#E2D02A',
  High: '#FF9800',
  Critical: '#DE465F',
} as const satisfies Record<SeverityLevel, string>;
export const SEVERITY_COLOR_NAMES = {
  Low: 'green',
  Medium: 'yellow',
  High: 'orange',
  Critical: 'red',
} as const satisfies Record<SeverityLevel, string>;

/** The colour of an alert-severity value, or undefined for an unknown value. */
export function alertSeverityColor(value: number): string | undefined {
  const level = ALERT_SEVERITY_LABELS[value as AlertSeverity];
  return level ? SEVERITY_COLORS[level] : undefined;
}

/** The colour of a fault-severity value; None, Emergency and SNA have no colour of their own. */
export function faultSeverityColor(value: FaultSeverity): string | undefined {
  const label = FAULT_SEVERITY_LABELS[value];
  return label in SEVERITY_COLORS ? SEVERITY_COLORS[label as SeverityLevel] : undefined;
}

/** Emergency has no spec colour: a dark red beyond Critical. */
export const EMERGENCY_SEVERITY_COLOR = '#7A1F2E';
/** None, SNA and unknown values: neutral grey. */
export const NO_SEVERITY_COLOR = '#868E96';

/** The numbering a severity value is written in: the contract's fault severity, or the spec's alert-severity mapping. */
export type SeverityNumbering = 'fault' | 'alert';

export interface DecodedSeverity {
  /** What the user reads: Low, Medium, High, Critical, Emergency, None or SNA. */
  label: string;
  /** The spec's colour for Low..Critical, dark red for Emergency, grey otherwise. */
  color: string;
  /** The spec level, when the value is one of Low..Critical. */
  level: SeverityLevel | null;
}

/**
 * The one decoding of a severity value into its label and colour; every place that shows the severity of a fault, an
 * alert or a notification goes through it (decision 0113). The contract sends every severity (faults and alerts alike,
 * notifications, rules, the fault summary) in the fault numbering; `'alert'` decodes the spec's alert-severity mapping
 * (Medium 1, High 2, Low 3, Critical 4) for a source that declares it.
 */
export function decodeSeverity(
  value: number | string | null | undefined,
  numbering: SeverityNumbering = 'fault',
): DecodedSeverity {
  if (numbering === 'alert') {
    const level = ALERT_SEVERITY_LABELS[value as AlertSeverity];
    return level
      ? { label: level, color: SEVERITY_COLORS[level], level }
      : { label: 'SNA', color: NO_SEVERITY_COLOR, level: null };
  }
  const label: string = FAULT_SEVERITY_LABELS[value as FaultSeverity] ?? 'SNA';
  if (label in SEVERITY_COLORS) {
    const level = label as SeverityLevel;
    return { label, color: SEVERITY_COLORS[level], level };
  }
  return {
    label,
    color: value === FAULT_SEVERITY.EMERGENCY ? EMERGENCY_SEVERITY_COLOR : NO_SEVERITY_COLOR,
    level: null,
  };
}

export const FAULT_KINDS = ['Alert', 'Fault'] as const;
export const FAULT_SCOPES = ['Component', 'System'] as const;
export const DEVICE_KINDS = ['BMS', 'VCU', 'MCU', 'EV'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export const DRIVE_MODE = { NORMAL: 0, ECONOMY: 1, PERFORMANCE: 2, SNA } as const;
export const DRIVE_MODE_LABELS = { 0: 'Normal', 1: 'Economy', 2: 'Performance', F: 'SNA' } as const;

export const GEAR = { PARK: 0, NEUTRAL: 1, DRIVE: 2, REVERSE: 3 } as const;
export const GEAR_LABELS = { 0: 'Park', 1: 'Neutral', 2: 'Drive', 3: 'Reverse' } as const;

/** "Economy (1)", "Reverse (3)", "Drive (66)": the value of an enumerated telemetry key with its label (spec §3). */
const ENUMERATED_KEY_LABELS: Record<string, Record<string | number, string>> = {
  driveMode: DRIVE_MODE_LABELS,
  gear: GEAR_LABELS,
  stateCode: VEHICLE_STATE_LABELS,
};

/** The label of an enumerated telemetry key's value, or undefined when the key is a measurement (speed, SoC...). */
export function enumeratedValueLabel(key: string, value: number | string): string | undefined {
  const labels = ENUMERATED_KEY_LABELS[key];
  if (!labels) return undefined;
  const label = labels[value];
  return label ? `${label} (${value})` : `Unknown (${value})`;
}

export const BATTERY_CHEMISTRY = { NMC: 0, LFP: 1, NAAIR: 2, SOLID_STATE: 3, OTHER: 4 } as const;
/** Read as words, as the other labels are (the spec's names are codes: NAAIR, SOLID_STATE, OTHER). */
export const BATTERY_CHEMISTRY_LABELS = { 0: 'NMC', 1: 'LFP', 2: 'Na-air', 3: 'Solid state', 4: 'Other' } as const;

export const COOLING = {
  NONE: 0,
  NORMAL_AIR: 1,
  FORCED_AIR: 2,
  LIQUID: 3,
  LIQUID_COOLED: 4,
  REFRIGERANT: 5,
  SUBMERGED: 6,
  OTHER: 7,
} as const;
export const COOLING_LABELS = {
  0: 'None',
  1: 'Normal air',
  2: 'Forced air',
  3: 'Liquid',
  4: 'Liquid cooled',
  5: 'Refrigerant',
  6: 'Submerged',
  7: 'Other',
} as const;

export const MOTOR_TYPE = { PSM: 0, INDUCTION: 1, BLDC: 2, BRUSHED: 3, SRM: 4, OTHER: 5 } as const;
export const MOTOR_TYPE_LABELS = { 0: 'PSM', 1: 'Induction', 2: 'BLDC', 3: 'Brushed', 4: 'SRM', 5: 'Other' } as const;

export const RULE_OPERATOR = { AND: 1, OR: 2 } as const;
export const RULE_OPERATOR_LABELS = { 1: 'AND', 2: 'OR' } as const;
export const RULE_SCOPE = { OEM: 1, MODEL: 2, DEVICE: 3 } as const;
export const RULE_SCOPE_LABELS = { 1: 'OEM', 2: 'Model', 3: 'Device' } as const;

export const HEALTH_RATING = { VERY_GOOD: 1, GOOD: 2, AVERAGE: 3, BAD: 4, WORST: 5 } as const;
export const HEALTH_RATING_LABELS = { 1: 'Very good', 2: 'Good', 3: 'Average', 4: 'Bad', 5: 'Worst' } as const;

export const COMMAND_STATUS = { PENDING: 1, SUCCESS: 2, FAILED: 3 } as const;
export const COMMAND_STATUS_LABELS = { 1: 'Pending', 2: 'Success', 3: 'Failed' } as const;
export const COMMAND_KINDS = ['Device', 'Rule', 'OTA'] as const;

export const FIRMWARE_UPDATE_STATUS = {
  PENDING: 0,
  IN_PROGRESS: 1,
  COMPLETED: 2,
  FAILED: 3,
  DEVICE_OFFLINE: 4,
} as const;
export const FIRMWARE_UPDATE_STATUS_LABELS = {
  0: 'Pending/command sent',
  1: 'In Progress',
  2: 'Completed',
  3: 'Failed',
  4: 'Device Offline',
} as const;

export const DEVICE_TYPE = { LOGGER: 0, BMS: 1, MCU: 2, VCU: 3 } as const;
export const DEVICE_TYPE_LABELS = { 0: 'Logger', 1: 'BMS', 2: 'MCU', 3: 'VCU' } as const;

export const TELEMETRY_SOURCE = { TELEMETRY: 1, SHADOW: 2, SYSTEM_GENERATED: 3, AI: 4 } as const;
export const TELEMETRY_SOURCE_LABELS = { 1: 'Telemetry', 2: 'Shadow', 3: 'System generated', 4: 'AI' } as const;

/** Trips and battery cycles share these four statuses. */
export const TRIP_STATUS = { RUNNING: 1, COMPLETED: 2, FAULTY: 3, UNRECOVERABLE: 4 } as const;
export const TRIP_STATUS_LABELS = { 1: 'Running', 2: 'Completed', 3: 'Faulty', 4: 'Unrecoverable' } as const;
export const BATTERY_CYCLE_STATUS = TRIP_STATUS;
export const BATTERY_CYCLE_STATUS_LABELS = TRIP_STATUS_LABELS;

export const TRIP_MODE = { DISABLE: 0, MOBILE_CONTROL: 1, IGNITION_BASED: 2, BATTERY_GENERATION: 3 } as const;
export const TRIP_MODE_LABELS = {
  0: 'Disable',
  1: 'Mobile Control',
  2: 'Ignition Based',
  3: 'Battery Generation',
} as const;

export const INTERVAL_MODE = { OFF: 0, DEEP_SLEEP: 1, ONLINE_DEEP_SLEEP: 2, ON_DEMAND: 3 } as const;
export const INTERVAL_MODE_LABELS = { 0: 'Off', 1: 'Deep sleep', 2: 'Online deep sleep', 3: 'On demand' } as const;

export const SAVED_LOCATION_KIND = { HOME: 1, OFFICE: 2, MOST_FREQUENT: 3 } as const;
export const SAVED_LOCATION_KIND_LABELS = { 1: 'Home', 2: 'Office', 3: 'Most frequent' } as const;

/** Audit entity names exactly as the API sends them; 'Barrety Cycle' is spelled so on the wire. */
export const AUDIT_ENTITY_NAMES = [
  'OEM',
  'User',
  'Profile',
  'Vehicle',
  'Vehicle Model',
  'BMS',
  'MCU',
  'VCU',
  'Fleet',
  'Dealer',
  'EV Owner',
  'Driver',
  'Employee',
  'Fault',
  'Ticket',
  'Ticket Assignment',
  'Ticket Conversation',
  'Geofence',
  'Geofence Rule',
  'SIM Card',
  'Logger Device',
  'Vehicle Trip',
  'Barrety Cycle',
  'Analysis Data',
  'Settings',
  'Command',
  'Telemetry',
  'Rule',
  'Access',
  'ITCU Products',
  'Component Master Data',
  'Configuration Steps',
  'OTP Session',
  'Device Token',
] as const;
export type AuditEntityName = (typeof AUDIT_ENTITY_NAMES)[number];

export const AUDIT_ACTIONS = ['Add', 'Update', 'Clone', 'Export', 'Resync', 'Assign', 'Bulk Import'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const DEVICE_GROUP_OWNER_KINDS = ['dealer', 'fleet', 'evowner', 'driver'] as const;
export type DeviceGroupOwnerKind = (typeof DEVICE_GROUP_OWNER_KINDS)[number];

/** The label of an enumeration value, or `fallback` when the value is unknown (data from the wire is untrusted). */
export function labelOf<V extends string | number>(
  labels: Record<V, string>,
  value: unknown,
  fallback = 'Unknown',
): string {
  return Object.hasOwn(labels, String(value)) ? labels[value as V] : fallback;
}
