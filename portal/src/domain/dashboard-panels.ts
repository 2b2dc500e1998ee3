import { can, type PermissionMap, type PermissionRequirement } from './permissions';
import type { RoleType } from './roles';

/**
 * The panels a dashboard is made of (issue 22, decision 0076): each guarded by its permission key, so a role without
 * it never sees or fetches the panel. One catalogue for all eight dashboards; each role type has a default layout.
 */
export const DASHBOARD_PANEL_IDS = [
  'fleet-status',
  'fault-summary',
  'recent-faults',
  'map',
  'soc-distribution',
  'energy-distance',
  'utilisation',
  'charging',
  'battery-health',
  'tickets',
  'co2',
  'firmware-rollouts',
  'my-vehicles',
] as const;
export type DashboardPanelId = (typeof DASHBOARD_PANEL_IDS)[number];

export interface DashboardPanelSpec {
  id: DashboardPanelId;
  title: string;
  description: string;
  permission: PermissionRequirement;
  /** Size when added from the catalogue (12-column grid, rows of 80 px). */
  w: number;
  h: number;
  minW: number;
  minH: number;
  /** Whether the panel follows the dashboard's time range. */
  usesRange: boolean;
}

export const GRID_COLUMNS = 12;
export const GRID_MAX_ROWS_PER_PANEL = 12;

export const DASHBOARD_PANELS: Record<DashboardPanelId, DashboardPanelSpec> = {
  'fleet-status': {
    id: 'fleet-status',
    title: 'Fleet status',
    description: 'Vehicles online, charging, driving, idle and offline now.',
    permission: { anyOf: ['vh.l', 'BMS.l', 'MCU.l', 'VCU.l'] },
    w: 12,
    h: 2,
    minW: 4,
    minH: 2,
    usesRange: false,
  },
  'fault-summary': {
    id: 'fault-summary',
    title: 'Fault Summary',
    description: 'Faults and alerts raised in the range, by severity.',
    permission: 'db.fs',
    w: 4,
    h: 4,
    minW: 3,
    minH: 3,
    usesRange: true,
  },
  'recent-faults': {
    id: 'recent-faults',
    title: 'Recent Active Faults',
    description: 'The newest faults that are still active.',
    permission: 'db.raf',
    w: 8,
    h: 4,
    minW: 4,
    minH: 3,
    usesRange: true,
  },
  map: {
    id: 'map',
    title: 'Real-Time Map View of Vehicle',
    description: 'Where the vehicles are, live.',
    permission: 'db.map',
    w: 12,
    h: 6,
    minW: 4,
    minH: 4,
    usesRange: false,
  },
  'soc-distribution': {
    id: 'soc-distribution',
    title: 'State of charge',
    description: 'Vehicles by state of charge now.',
    permission: { anyOf: ['vh.l', 'BMS.l'] },
    w: 4,
    h: 4,
    minW: 3,
    minH: 3,
    usesRange: false,
  },
  'energy-distance': {
    id: 'energy-distance',
    title: 'Energy and distance',
    description: 'Energy used and distance driven per day.',
    permission: 'a',
    w: 8,
    h: 4,
    minW: 4,
    minH: 3,
    usesRange: true,
  },
  utilisation: {
    id: 'utilisation',
    title: 'Utilisation',
    description: 'Share of vehicle-hours spent driving.',
    permission: 'a',
    w: 4,
    h: 4,
    minW: 3,
    minH: 3,
    usesRange: true,
  },
  charging: {
    id: 'charging',
    title: 'Charging sessions',
    description: 'Charging sessions and energy charged per day.',
    permission: { anyOf: ['vh.l', 'BMS.l'] },
    w: 8,
    h: 4,
    minW: 4,
    minH: 3,
    usesRange: true,
  },
  'battery-health': {
    id: 'battery-health',
    title: 'Battery health',
    description: 'Vehicles by health rating, Very good to Worst.',
    permission: { anyOf: ['vh.l', 'BMS.l'] },
    w: 4,
    h: 4,
    minW: 3,
    minH: 3,
    usesRange: false,
  },
  tickets: {
    id: 'tickets',
    title: 'Open tickets',
    description: 'Open tickets and SLA breaches, by priority.',
    permission: 't',
    w: 4,
    h: 4,
    minW: 3,
    minH: 3,
    usesRange: false,
  },
  co2: {
    id: 'co2',
    title: 'CO2 avoided',
    description: 'CO2 avoided against petrol and diesel vehicles in the range, with the carbon emission settings.',
    permission: 'ce',
    w: 4,
    h: 3,
    minW: 3,
    minH: 2,
    usesRange: true,
  },
  'firmware-rollouts': {
    id: 'firmware-rollouts',
    title: 'Firmware rollouts in progress',
    description: 'Rollouts of firmware releases that are running or paused, with their progress.',
    // The firmware page's key (spec §6 "firmware"): the rollouts live there, and the panel links to them.
    permission: 'FOTA',
    w: 12,
    h: 4,
    minW: 4,
    minH: 3,
    usesRange: false,
  },
  'my-vehicles': {
    id: 'my-vehicles',
    title: 'My vehicles',
    description: 'Range, state of charge, last trip and service due of your vehicles.',
    permission: { anyOf: ['db.driver', 'db.evOwner'] },
    w: 12,
    h: 4,
    minW: 6,
    minH: 3,
    usesRange: false,
  },
};

export interface PanelPlacement {
  id: string;
  panel: DashboardPanelId;
  x: number;
  y: number;
  w: number;
  h: number;
}

export function isDashboardPanelId(value: unknown): value is DashboardPanelId {
  return typeof value === 'string' && (DASHBOARD_PANEL_IDS as readonly string[]).includes(value);
}

/** The panels a set of permissions may see, in catalogue order. */
export function panelsAllowed(permissions: PermissionMap): DashboardPanelSpec[] {
  return DASHBOARD_PANEL_IDS.map((id) => DASHBOARD_PANELS[id]).filter((p) => can(permissions, p.permission));
}

/** Rows of panels each role type starts with (each row fills 12 columns). */
const DEFAULT_ROWS: Record<RoleType, [DashboardPanelId, number][][]> = {
  platform: [
    [['fleet-status', 12]],
    [
      ['fault-summary', 4],
      ['recent-faults', 8],
    ],
    [['map', 12]],
    [
      ['energy-distance', 8],
      ['utilisation', 4],
    ],
    [
      ['soc-distribution', 4],
      ['battery-health', 4],
      ['tickets', 4],
    ],
    [
      ['charging', 8],
      ['co2', 4],
    ],
    [['firmware-rollouts', 12]],
  ],
  oem: [
    [['fleet-status', 12]],
    [
      ['fault-summary', 4],
      ['recent-faults', 8],
    ],
    [['map', 12]],
    [
      ['energy-distance', 8],
      ['battery-health', 4],
    ],
    [
      ['soc-distribution', 4],
      ['tickets', 4],
      ['co2', 4],
    ],
    [['firmware-rollouts', 12]],
  ],
  dealer: [
    [['fleet-status', 12]],
    [
      ['tickets', 4],
      ['recent-faults', 8],
    ],
    [
      ['fault-summary', 4],
      ['battery-health', 4],
      ['co2', 4],
    ],
    [['map', 12]],
  ],
  fleet: [
    [['fleet-status', 12]],
    [['map', 12]],
    [
      ['energy-distance', 8],
      ['utilisation', 4],
    ],
    [
      ['fault-summary', 4],
      ['recent-faults', 8],
    ],
    [
      ['charging', 8],
      ['co2', 4],
    ],
  ],
  driver: [[['my-vehicles', 12]], [['map', 12]]],
  evOwner: [[['my-vehicles', 12]], [['map', 12]], [['co2', 4]]],
  bms: [
    [['fleet-status', 12]],
    [
      ['battery-health', 4],
      ['soc-distribution', 4],
      ['fault-summary', 4],
    ],
    [
      ['charging', 8],
      ['tickets', 4],
    ],
    [['recent-faults', 12]],
    [['firmware-rollouts', 12]],
    [['map', 12]],
  ],
  mcu: [
    [['fleet-status', 12]],
    [
      ['fault-summary', 4],
      ['recent-faults', 8],
    ],
    [['firmware-rollouts', 12]],
    [['map', 12]],
  ],
  vcu: [
    [['fleet-status', 12]],
    [
      ['fault-summary', 4],
      ['recent-faults', 8],
    ],
    [['firmware-rollouts', 12]],
    [['map', 12]],
  ],
  component: [
    [
      ['fault-summary', 4],
      ['recent-faults', 8],
    ],
  ],
};

/** The default layout of a role type, without the panels the permissions do not allow (rows close up). */
export function defaultLayoutFor(roleType: RoleType, permissions: PermissionMap): PanelPlacement[] {
  const out: PanelPlacement[] = [];
  let y = 0;
  for (const row of DEFAULT_ROWS[roleType]) {
    let x = 0;
    let height = 0;
    for (const [panel, w] of row) {
      const spec = DASHBOARD_PANELS[panel];
      if (!can(permissions, spec.permission)) continue;
      out.push({ id: `p-${panel}`, panel, x, y, w, h: spec.h });
      x += w;
      height = Math.max(height, spec.h);
    }
    y += height;
  }
  return out;
}

/** Whether a placement fits the grid and its panel's minimum size. */
export function placementProblem(p: PanelPlacement): string | null {
  const spec = DASHBOARD_PANELS[p.panel];
  const whole = [p.x, p.y, p.w, p.h].every((n) => Number.isInteger(n));
  if (!whole || p.x < 0 || p.y < 0) return 'Positions are whole numbers from 0.';
  if (p.w < spec.minW || p.x + p.w > GRID_COLUMNS)
    return `${spec.title} must be ${spec.minW} to ${GRID_COLUMNS} columns wide inside the grid.`;
  if (p.h < spec.minH || p.h > GRID_MAX_ROWS_PER_PANEL)
    return `${spec.title} must be ${spec.minH} to ${GRID_MAX_ROWS_PER_PANEL} rows high.`;
  return null;
}
