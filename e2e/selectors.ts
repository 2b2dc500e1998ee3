import type { Page } from '@playwright/test';

/** Every selector the browser tests use, in one place (names and roles the UI exposes, never CSS classes). */

type AriaRole = Parameters<Page['getByRole']>[0];
type RoleOptions = NonNullable<Parameters<Page['getByRole']>[1]>;

/**
 * A role query, spread into `getByRole`: `page.getByRole(...tickets.table)`, `table.getByRole(...ui.row)`. (The older
 * entries below are `{ role, name }` objects, read as `getByRole(x.role, { name: x.name })`.)
 */
export function role<const O extends RoleOptions>(name: AriaRole, options?: O): readonly [AriaRole, O | undefined] {
  return [name, options];
}

export const portal = {
  login: {
    heading: { role: 'heading', name: 'Sign in' },
    email: 'E-mail',
    password: 'Password',
    submit: { role: 'button', name: 'Sign in', exact: true },
    demoList: { role: 'list', name: 'Demo accounts' },
    /** Demo account buttons carry their role code. */
    demoAccount: '[data-role]',
  },
  shell: {
    nav: { role: 'navigation', name: 'Main navigation' },
    /** The fixed column that holds the main navigation. */
    sideNav: role('navigation', { name: 'Side navigation' }),
    breadcrumb: { role: 'navigation', name: 'Breadcrumb' },
    expandNav: { role: 'button', name: 'Expand navigation' },
    accountMenu: { role: 'button', name: /account menu$/ },
    signOut: { role: 'menuitem', name: 'Sign out' },
    notifications: { role: 'region', name: /Notifications/ },
  },
  pages: {
    forbidden: { role: 'heading', name: 'You do not have access to this page' },
    profileHeading: role('heading', { name: 'My Profile', level: 1 }),
    notFound: { role: 'heading', name: 'Page not found' },
    dashboardGreeting: /Welcome back,/,
    /** The driver's and EV owner's dashboard panel of their own vehicles. */
    myVehicles: { role: 'region', name: 'My vehicles' },
    vehicleDetailsHeading: { role: 'heading', name: 'Vehicle Details', level: 1 },
    /** The dashboard's panel grid and the configuration page's react-grid-layout grid (issue 22). */
    dashboardGrid: '[data-testid="dashboard-grid"]',
    dashboardEditorGrid: '[data-testid="dashboard-editor-grid"]',
  },
  errorScreen: [
    'Oops! Something went wrong.',
    "We're sorry, but it seems like we've encountered an unexpected error.",
    'Please refresh the page or come back later.',
  ],
} as const;

/** Accessibility checks: the skip link and the control that opens the modal the axe walk checks. */
export const a11y = {
  skipLink: 'Skip to main content',
  addVehicle: 'Add vehicle',
} as const;

/** The vehicle tour (vehicle, BMS and battery pack details): names of tabs, tables and figures the pages expose. */
export const vehicleTour = {
  tab: 'tab',
  table: 'table',
  option: 'option',
  live: { role: 'status', name: 'Live' },
  vehicleTabs: { role: 'tablist', name: 'Vehicle details' },
  bmsTabs: { role: 'tablist', name: 'BMS details' },
  tables: {
    identity: 'Identity',
    trips: 'Trips',
    notifications: 'Notifications',
    commands: 'Command history',
    faults: 'Faults and alerts',
    attributes: 'Telemetry attributes',
    locations: 'Saved locations',
    cycles: 'Battery cycles',
    cells: 'Cells',
    deviceState: 'Device state',
  },
  commandStatus: { pending: 'Status: Pending', settled: /^Status: (Success|Failed)$/ },
  severityFilter: { role: 'group', name: 'Filter by severity' },
  /** A fault's tickets: the empty text, or the list of them. */
  faultTicketsEmpty: 'No ticket was opened for this fault.',
  faultTicketsList: 'Tickets of this fault',
  openTicket: { role: 'link', name: 'Open ticket' },
  cellHistory: 'Cell history',
  weakestCell: 'Weakest',
  tripDetail: { role: 'region', name: 'Trip detail' },
  faultTimeline: 'Fault timeline',
  commandPicker: { role: 'textbox', name: 'Command' },
  /** A command without parameters or confirmation: the tab sends it at once. */
  plainCommand: /\(LOCATE\)/,
  sendCommand: { role: 'button', name: 'Send command' },
  analysisChart: { role: 'figure', name: /^Telemetry, / },
  heatmap: { role: 'figure', name: 'Per-cell voltage heatmap' },
  spreadChart: { role: 'figure', name: 'Voltage min, max and delta over time' },
} as const;

/** Model configuration and model pages. */
export const models = {
  stepHeading: 'heading',
  nextStep: { role: 'button', name: 'Next step' },
  publish: { role: 'button', name: 'Finish and publish' },
  modelTabs: { role: 'tablist', name: 'Model' },
  telemetryTemplate: 'Telemetry template',
  bmsModels: 'BMS models',
} as const;

/** Trip playback and saved locations on a vehicle's details. */
export const trips = {
  map: { role: 'region', name: 'Trip map' },
  charts: { role: 'img', name: 'Speed and SoC over the trip' },
  readout: { role: 'group', name: 'Position readout' },
  position: { role: 'slider', name: 'Trip position' },
  play: 'Play',
  pause: 'Pause',
  locationsMap: { role: 'region', name: 'Saved locations map' },
} as const;

/** User management, the role editor and device groups (issue 21). */
export const usersRoles = {
  tabs: { role: 'tablist', name: 'User management' },
  usersTable: { role: 'table', name: 'Users' },
  rolesTable: { role: 'table', name: 'Roles' },
  groupsTable: { role: 'table', name: 'Device groups' },
  searchPermissions: 'Search permissions',
  saveRole: { role: 'button', name: 'Save role' },
  rolePreview: 'Role to preview',
  /** The box of one permission key and action in the role matrix ("Audit History: List/read"). */
  matrixBox: (label: string, action: string) => ({ role: 'checkbox', name: `${label}: ${action}` }) as const,
} as const;

/** Help & Support (tickets): names the tickets page, its drawer and its new-ticket form expose. */
export const tickets = {
  table: { role: 'table', name: 'Tickets' },
  newTicket: { role: 'button', name: 'New ticket' },
  newTicketDialog: { role: 'dialog', name: 'New ticket' },
  vehicle: { role: 'textbox', name: 'Vehicle' },
  title: { role: 'textbox', name: 'Title' },
  description: { role: 'textbox', name: 'What is wrong' },
  openTicket: { role: 'button', name: 'Open ticket' },
  search: { role: 'textbox', name: /Search tickets/ },
  statusMoves: { role: 'group', name: 'Status moves' },
  assignee: { role: 'textbox', name: 'Assignee' },
  saveAssignment: { role: 'button', name: 'Save assignment' },
  /** The message-kind switch is a segmented control: its labels are what is clicked. */
  noteKindLabel: /^Internal note$/,
  replyKindLabel: /^Reply to driver \/ owner$/,
  sendReply: { role: 'button', name: 'Send reply' },
  addNote: { role: 'button', name: 'Add note' },
} as const;

/** Rules and notifications (issue 19): names of the rule builder, the history and the header's bell. */
export const rulesNotifications = {
  addRule: { role: 'button', name: 'Add rule' },
  ruleDialog: { role: 'dialog', name: 'Add rule' },
  rulesTable: { role: 'table', name: 'Rules' },
  historyTable: { role: 'table', name: 'Notifications' },
  name: 'Name',
  scopeDevice: { role: 'radio', name: 'Device' },
  vehicle: 'Vehicle',
  /** The shared vehicle picker's option: "VIN · registration" ("MD2A11CZ5RWA00001 · KA20EX000002"). */
  vehicleOption: /^[A-HJ-NPR-Z0-9]{17} · \S+$/,
  conditionKey: 'Condition 1: telemetry key',
  conditionComparison: 'Condition 1: comparison',
  conditionValue: 'Condition 1: value',
  testRule: { role: 'button', name: 'Test this rule' },
  testResult: /It would have fired/,
  save: { role: 'button', name: 'Save rule' },
  /** The header bell: "Notifications: 12 unacknowledged". */
  bell: /^Notifications: (\d+) unacknowledged$/,
  acknowledge: /^Acknowledge /,
  openTicket: 'Open a ticket when it fires',
} as const;

/** Organisation management (issue 21 item 5): service centres, fleets, EV owners, drivers. */
export const organisations = {
  fleetsTable: { role: 'table', name: 'Fleets' },
  addFleet: { role: 'button', name: 'Add fleet' },
  addFleetDialog: { role: 'dialog', name: 'Add fleet' },
  name: /^Name/,
  email: /^E-mail/,
  phone: /^Phone/,
  city: /^City/,
  address: /^Address/,
  details: (name: string) => ({ role: 'dialog', name }) as const,
  assignVehicles: { role: 'button', name: 'Assign vehicles' },
  assignDialog: (name: string) => ({ role: 'dialog', name: `Assign vehicles to ${name}` }) as const,
  assign: { role: 'button', name: 'Assign', exact: true },
  vehiclesTable: { role: 'table', name: 'Vehicles' },
  dealersTable: { role: 'table', name: 'Service centres' },
  driversTable: { role: 'table', name: 'Drivers' },
  evOwnersTable: { role: 'table', name: 'EV owners' },
} as const;

/** Analysis and carbon emission (issue 22 items 3 and 4). */
export const analysisCarbon = {
  compareFleets: { role: 'radio', name: 'Fleets' },
  subjects: 'Vehicles to compare',
  comparisonTable: { role: 'table', name: /^\d+ vehicles, / },
  barChart: { role: 'figure', name: 'Energy per km per vehicle' },
  exportCsv: { role: 'button', name: 'Export CSV' },
  exportPng: { role: 'button', name: 'Export PNG' },
  avoidedLocation: { role: 'group', name: 'CO2 avoided, location-based' },
  avoidedMarket: { role: 'group', name: 'CO2 avoided, market-based' },
  byVehicleType: { role: 'table', name: /^By vehicle type/ },
  baseline2w: '2 Wheeler baseline (g CO2/km)',
  apply: { role: 'button', name: 'Apply' },
} as const;

/** Firmware releases, staged rollouts and the Device OTA history (issue 20). */
export const firmware = {
  releasesTable: { role: 'table', name: 'Firmware releases' },
  /** A release row's menu (Roll out). */
  releaseActions: { role: 'button', name: /^Actions for release / },
  rolloutsTab: { role: 'tab', name: 'Rollouts' },
  startRollout: { role: 'button', name: 'Start rollout' },
  rolloutDialog: { role: 'dialog', name: 'Start a rollout' },
  release: 'Release',
  /** A seeded BMS release: "BMS <model> 4.0.0". */
  bmsRelease: /^BMS .* 4\.0\.0$/,
  canary: 'Canary (%)',
  waveSize: 'Wave size',
  pause: 'Pause between waves (s)',
  threshold: 'Pause when failures above (%)',
  minFinished: '…after finished devices',
  timeout: 'Time-out in progress (s)',
  retries: 'Retries per device',
  drawer: { role: 'dialog', name: 'Rollout' },
  paused: 'Rollout paused',
  completed: 'Rollout completed',
  autoPause: /^Paused by itself: \d+ of \d+ finished devices of wave 2 failed/,
  timedOut: /Timed out: no progress report for \d+ s/,
  devicesShow: 'Show',
  rollback: { role: 'button', name: /^Roll back \d+ failed$/ },
  historyTable: { role: 'table', name: 'Device OTA history' },
  /** localStorage key of the demo's rollout simulation knobs (mocks/firmware-demo.ts). */
  demoKnobs: 'voltline-demo-fota',
} as const;

/** Command history (issue 20 item 1): names of the history table and the send dialog. */
export const commandHistory = {
  table: { role: 'table', name: 'Command history' },
  send: { role: 'button', name: 'Send command' },
  dialog: { role: 'dialog', name: 'Send a command' },
  vehicle: { role: 'textbox', name: 'Vehicle' },
  command: { role: 'textbox', name: 'Command' },
  rampDown: { role: 'textbox', name: /Ramp-down time/ },
  /** The typed confirmation's box is named after the word to type ("Type KA01EA000001 to confirm"). */
  confirmation: { role: 'textbox', name: /^Type .+ to confirm$/ },
  pending: 'Status: Pending',
  success: 'Status: Success',
} as const;

/** Access management, OEM access, settings and profile (issue 21 items 4 and 6). */
export const accessSettings = {
  grantsTable: { role: 'table', name: 'Access grants' },
  oemGrantsTable: { role: 'table', name: 'OEM access grants' },
  grantAccess: { role: 'button', name: 'Grant access' },
  grantDialog: { role: 'dialog', name: 'Grant access' },
  settingsTabs: { role: 'tablist', name: 'Settings' },
  apiKeysTable: { role: 'table', name: 'API keys' },
  createKey: { role: 'button', name: 'Create API key' },
  createKeyDialog: { role: 'dialog', name: 'Create API key' },
  keyName: 'Name',
  keyScope: 'Scope',
  submitKey: { role: 'button', name: 'Create key' },
  secretDialog: { role: 'dialog', name: 'Your new API key' },
  secretText: 'the API key',
  copied: { role: 'button', name: 'I have copied it' },
  revokeKey: (name: string) => ({ role: 'button', name: `Revoke ${name}` }) as const,
  revokeDialog: { role: 'dialog', name: 'Revoke API key' },
  confirmRevoke: { role: 'button', name: 'Revoke key' },
} as const;
