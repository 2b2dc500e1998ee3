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
    /** The demo account button of one role code ("SA", "DR"). */
    demoAccountOf: (role: string) => `[data-role="${role}"]`,
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
  main: 'main',
  mantineLoaderRootVisibleAria: '.mantine-Loader-root:visible, [aria-busy="true"]:visible',
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
  highText: 'High',
  highBox: role('checkbox', { name: 'High' }),
  canvas: 'canvas',
} as const;

/** Model configuration and model pages. */
export const models = {
  stepHeading: 'heading',
  nextStep: { role: 'button', name: 'Next step' },
  publish: { role: 'button', name: 'Finish and publish' },
  modelTabs: { role: 'tablist', name: 'Model' },
  telemetryTemplate: 'Telemetry template',
  bmsModels: 'BMS models',
  nameField: role('textbox', { name: 'Name', exact: true }),
  codeField: role('textbox', { name: 'Code', exact: true }),
  vehicleStateTab: role('tab', { name: 'Vehicle State' }),
  useTheStandardStates: role('button', { name: 'Use the standard states' }),
  addCommand: role('button', { name: 'Add command' }),
  commandCode1Field: role('textbox', { name: 'Command code 1' }),
  commandName1Field: role('textbox', { name: 'Command name 1' }),
  commandDescription1Field: role('textbox', { name: 'Command description 1' }),
  addFault: role('button', { name: 'Add fault' }),
  faultCode1Field: role('textbox', { name: 'Fault code 1' }),
  faultName1Field: role('textbox', { name: 'Fault name 1' }),
  addKey: role('button', { name: 'Add key' }),
  enterANameText: 'Enter a name',
  thisKeyIsAlreadyInText: 'This key is already in the list',
  key2Field: role('textbox', { name: 'Key 2' }),
  telemetryTab: role('tab', { name: 'Telemetry' }),
  socText: 'soc',
  masterDataTab: role('tab', { name: 'Master Data' }),
  bMSStateTab: role('tab', { name: 'BMS State' }),
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
  pagesItOpensText: /Pages it opens/,
  effectiveAccess: 'Effective access',
  auditText: '/audit',
  name: /^Name/,
  auditLogLink: role('link', { name: 'Audit Log' }),
  auditLogTable: role('table', { name: 'Audit log' }),
  inviteUser: role('button', { name: 'Invite user' }),
  inviteUserDialog: role('dialog', { name: 'Invite user' }),
  enterANameText: 'Enter a name.',
  rolePermissionsTab: role('tab', { name: 'Role & Permissions' }),
  roleName: /^Role name/,
  createGroup: role('button', { name: 'Create group' }),
  chooseWhoOwnsTheGroupText: 'Choose who owns the group.',
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
  chooseTheVehicleText: 'Choose the vehicle.',
  vehicleListbox: role('listbox', { name: 'Vehicle' }),
  n000002Option: role('option', { name: /000002/ }),
  tCKChargingPortCoverBrokenDialog: role('dialog', { name: /TCK-\d+: Charging port cover broken e2e/ }),
  assigneeListbox: role('listbox', { name: 'Assignee' }),
  dEOption: role('option', { name: /\(DE\)/ }),
  assignedToDEText: /Assigned to .* \/ .*\(DE\)/,
  label: 'label',
  internalNoteField: role('textbox', { name: /Internal note/ }),
  internalNoteFrom: /^Internal note from/,
  internalE2eOrderANewText: 'Internal e2e: order a new cover.',
  replyField: role('textbox', { name: 'Reply' }),
  replyFrom: /^Reply from/,
  weHaveOrderedANewText: 'We have ordered a new cover for you.',
  putOnHold: role('button', { name: 'Put on hold' }),
  pausedText: /^Paused, /,
  close: role('button', { name: 'Close' }),
  metText: 'Met',
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
  batteryOverheatingText: 'Battery overheating',
  enterANameText: 'Enter a name.',
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
  addFleet2: role('button', { name: 'Add fleet' }),
  noVehiclesAreAssignedToText: 'No vehicles are assigned to this fleet.',
  greenRiders: role('button', { name: 'Green Riders', exact: true }),
  heading: role('heading', { level: 3 }),
} as const;

/** Analysis and carbon emission (issue 22 items 3 and 4). */
export const analysisCarbon = {
  compareFleets: { role: 'radio', name: 'Fleets' },
  subjects: 'Vehicles to compare',
  comparisonTable: { role: 'table', name: /^\d+ vehicles, / },
  /** The opening comparison (issue 37 item 6): the five vehicles that drove the farthest, then four after one is removed. */
  comparisonOf5: { role: 'table', name: /^5 vehicles, / },
  comparisonOf4: { role: 'table', name: /^4 vehicles, / },
  openingNote: /^Showing the 5 vehicles that drove the farthest in this range/,
  barChart: { role: 'figure', name: 'Energy per km per vehicle' },
  exportCsv: { role: 'button', name: 'Export CSV' },
  exportPng: { role: 'button', name: 'Export PNG' },
  avoidedLocation: { role: 'group', name: 'CO2 avoided, location-based' },
  avoidedMarket: { role: 'group', name: 'CO2 avoided, market-based' },
  byVehicleType: { role: 'table', name: /^By vehicle type/ },
  baseline2w: '2 Wheeler baseline (g CO2/km)',
  apply: { role: 'button', name: 'Apply' },
  canvas: 'canvas',
  a2WheelerBaselineMustText: 'A 2 Wheeler baseline must be more than 0.',
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
  option: 'option',
  rolloutWave1: 'rollout-wave-1',
  rolloutWave3: 'rollout-wave-3',
  rollbackOf400Text: /Rollback of 4\.0\.0: \d+ failed devices/,
  rollbackOf400Row: role('row', { name: /Rollback of 4\.0\.0/ }),
  bMS3921Text: 'BMS 3.9.21',
  completedText: 'Completed',
  stateOfChargeAtLeast: 'State of charge at least (%)',
  rolloutOverall: 'rollout-overall',
  cancelRollout: role('button', { name: 'Cancel rollout' }),
  cancelThisRolloutDialog: role('dialog', { name: 'Cancel this rollout?' }),
  rolloutCancelled: 'Rollout cancelled',
} as const;

/** Command history (issue 20 item 1): names of the history table and the send dialog. */
export const commandHistory = {
  table: { role: 'table', name: 'Command history' },
  send: { role: 'button', name: 'Send command' },
  dialog: { role: 'dialog', name: 'Send a command' },
  /** The dialog's first focusable element, where it puts focus as it opens. */
  closeDialog: role('button', { name: 'Close dialog' }),
  vehicle: { role: 'textbox', name: 'Vehicle' },
  command: { role: 'textbox', name: 'Command' },
  rampDown: { role: 'textbox', name: /Ramp-down time/ },
  /** The typed confirmation's box is named after the word to type ("Type KA01EA000001 to confirm"). */
  confirmation: { role: 'textbox', name: /^Type .+ to confirm$/ },
  pending: 'Status: Pending',
  success: 'Status: Success',
  liveStatus: role('status', { name: 'Live' }),
  n000000001Option: role('option', { name: /000000001/ }),
  /** veh-000013: online in the demo world, and it accepts a remote stop. */
  n000000013Option: role('option', { name: /000000013/ }),
  lOCATEOption: role('option', { name: /\(LOCATE\)/ }),
  expiresAfter: role('textbox', { name: 'Expires after (seconds)' }),
  sendLocateToThe: role('button', { name: 'Send Locate to the vehicle' }),
  locateSentTo1Text: 'Locate sent to 1 vehicle',
  failed: 'Status: Failed',
  rEMOTEStopOption: role('option', { name: /\(REMOTE_STOP\)/ }),
  sendRemoteStopToThe: role('button', { name: 'Send Remote stop to the vehicle' }),
  typeToConfirmText: /^Type .+ to confirm\.$/,
  label: 'label',
  remoteStopSentTo1Text: 'Remote stop sent to 1 vehicle',
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
  body: 'body',
  e2EBridgeRow: role('row', { name: /E2E bridge/ }),
  sessionsTable: role('table', { name: 'Sessions' }),
} as const;

/** Settings → Widget SDK keys (decision 0123). */
export const sdkKeys = {
  table: { role: 'table', name: 'SDK keys' },
  create: { role: 'button', name: 'Create SDK key' },
  createDialog: { role: 'dialog', name: 'Create SDK key' },
  name: /^Name/,
  colour: role('textbox', { name: 'Colour', exact: true }),
  position: 'Button position',
  language: 'Language',
  replays: role('switch', { name: /Session replays/ }),
  submitCreate: { role: 'button', name: 'Create key' },
  createdDialog: { role: 'dialog', name: 'Your new SDK key' },
  keyText: 'the SDK key',
  done: { role: 'button', name: 'Done' },
  editKey: (name: string) => ({ role: 'button', name: `Edit ${name}` }) as const,
  editDialog: (name: string) => ({ role: 'dialog', name: `Edit ${name}` }) as const,
  save: { role: 'button', name: 'Save' },
  revokeKey: (name: string) => ({ role: 'button', name: `Revoke ${name}` }) as const,
  revokeDialog: { role: 'dialog', name: 'Revoke SDK key' },
  confirmRevoke: { role: 'button', name: 'Revoke key' },
  rowOf: (name: RegExp) => role('row', { name }),
  cell: role('cell'),
  /** The messenger frame's root element, whose `dir` follows the key's language. */
  messengerRoot: 'html',
} as const;

/** Elements every page has, found by their role alone (rows, cells, options, tabs). */
export const ui = {
  dialog: role('dialog'),
  main: role('main'),
  row: role('row'),
  option: role('option'),
  status: role('status'),
  button: role('button'),
  tab: role('tab'),
  link: role('link'),
  checkbox: role('checkbox'),
  heading: role('heading'),
  alert: role('alert'),
  tabpanel: role('tabpanel'),
  menuitem: role('menuitem'),
  columnheader: role('columnheader'),
  listbox: role('listbox'),
  listitem: role('listitem'),
  article: role('article'),
  /** A text box by its label; `exact` when another label contains this one ("Name" and "Name of the fleet"). */
  field: (name: string | RegExp, exact?: boolean) => role('textbox', { name, exact }),
  optionNamed: (name: string | RegExp, exact?: boolean) => role('option', { name, exact }),
  tabNamed: (name: string | RegExp, exact?: boolean) => role('tab', { name, exact }),
  tableNamed: (name: string | RegExp, exact?: boolean) => role('table', { name, exact }),
  linkNamed: (name: string | RegExp, exact?: boolean) => role('link', { name, exact }),
  buttonNamed: (name: string | RegExp, exact?: boolean) => role('button', { name, exact }),
  checkboxNamed: (name: string | RegExp, exact?: boolean) => role('checkbox', { name, exact }),
  dialogNamed: (name: string | RegExp, exact?: boolean) => role('dialog', { name, exact }),
  regionNamed: (name: string | RegExp, exact?: boolean) => role('region', { name, exact }),
  headingNamed: (name: string | RegExp, exact?: boolean) => role('heading', { name, exact }),
  /** The page's own title (the one level-1 heading). */
  pageHeading: (name: string | RegExp) => role('heading', { level: 1, name }),
  timer: role('timer'),
  tooltip: role('tooltip'),
} as const;

/** Co-browsing from the demo portal: the session the widget offers and its controls. */
export const cobrowseDemo = {
  openTheFleetMapLink: role('link', { name: 'Open the fleet map' }),
  findAVehicleField: role('textbox', { name: 'Find a vehicle' }),
  voltlineTourDataModeCobrowse: 'voltline-tour[data-mode="cobrowse"]',
  coBrowseTourGroup: role('group', { name: 'Co-browse tour' }),
} as const;

/** A rule that opens a ticket when it fires, and the ticket it opens (issue 19). */
export const faultToTicket = {
  assigneeListbox: role('listbox', { name: 'Assignee' }),
  dEOption: role('option', { name: /\(DE\)/ }),
  assignedToDEText: /Assigned to .* \/ .*\(DE\)/,
  label: 'label',
  replyField: role('textbox', { name: 'Reply' }),
  replyFrom: /^Reply from/,
  theBatteryWasCheckedTheText: 'The battery was checked; the rule can rest.',
  startWork: role('button', { name: 'Start work' }),
  close: role('button', { name: 'Close' }),
} as const;

/** The fleet map: vehicle markers, clusters and the vehicle card. */
export const fleetMap = {
  openTheFleetMapLink: role('link', { name: 'Open the fleet map' }),
  dashboardFleetMapHeading: role('heading', { name: 'Dashboard: Fleet map' }),
  sectionAriaLabelLiveFleet: 'section[aria-label="Live fleet map"][data-map-status="ready"]',
  ofOnTheMapText: /\d+ of \d+ on the map/,
  vehicleStatesShownGroup: role('group', { name: 'Vehicle states shown' }),
  drivingText: /^Driving/,
  findAVehicleField: role('textbox', { name: 'Find a vehicle' }),
  followSwitch: role('switch', { name: 'Follow' }),
} as const;

/** Geofencing: the geofence list, its editor and its assignments. */
export const geofences = {
  sectionAriaLabelGeofenceMap: 'section[aria-label="Geofence map"][data-map-status="ready"]',
  puneStationDepotLink: role('link', { name: 'Pune Station Depot', exact: true }),
  newGeofenceLink: role('link', { name: 'New geofence', exact: true }),
  newGeofenceHeading: role('heading', { name: 'New geofence' }),
  createGeofence: role('button', { name: 'Create geofence' }),
  nameField: role('textbox', { name: /Name/ }),
  shapeDrawnText: 'Shape drawn.',
  centralPuneE2eLink: role('link', { name: 'Central Pune e2e', exact: true }),
  liveEventsRegion: role('region', { name: 'Live events' }),
  centralPuneE2eText: 'Central Pune e2e',
  enteredCentralPuneE2eText: /entered Central Pune e2e/,
  deleteKatrajServiceCentre: role('button', { name: 'Delete Katraj Service Centre' }),
  deleteGeofenceDialog: role('dialog', { name: 'Delete geofence?' }),
  delete: role('button', { name: 'Delete' }),
  katrajServiceCentreLink: role('link', { name: 'Katraj Service Centre', exact: true }),
} as const;

/** Live data in the demo portal: the connection status and live figures. */
export const liveDemo = {
  liveStatus: role('status', { name: 'Live' }),
  realTimeMapViewOfRegion: role('region', { name: /Real-Time Map View of Vehicle/ }),
  canvas: 'canvas',
  drivingText: 'Driving',
} as const;

/** A driver's and EV owner's own vehicles. */
export const ownVehicle = {
  myVehiclesText: 'My vehicles',
  aHrefVehicleVeh: 'a[href^="/vehicle/veh-"]',
} as const;

/** Trip playback on a vehicle's details: the trip list and the trip detail. */
export const tripPlayback = {
  p: 'p',
  xpath: 'xpath=..',
  row: role('row', { selected: true }),
} as const;

/** The vehicle list scrolled through a long page. */
export const vehicleList = {
  /** A body row by its position in the whole list (aria-rowindex, the header being 1). */
  rowAt: (index: number) => `tbody tr[aria-rowindex="${index}"]`,
  rowsPerPage: 'Rows per page',
  n11000Of2000Text: '1–1000 of 2,000',
  vehiclesScroll: 'vehicles-scroll',
  vINColumn: role('columnheader', { name: 'VIN' }),
  columns: role('button', { name: 'Columns' }),
  registrationBox: role('checkbox', { name: 'Registration' }),
  registrationColumn: role('columnheader', { name: 'Registration' }),
  tbodyTrAriaRowindex1001: 'tbody tr[aria-rowindex="1001"]',
  actionsFor: role('button', { name: /^Actions for / }),
} as const;

/** The embedded widget in the portal: its launcher and its capture. */
export const widgetCapture = {
  open: role('button', { name: /^Open / }),
  iframeTitleFeedbackAndSupportFrame: 'iframe[title="Feedback and support"]',
  reportABug: role('button', { name: 'Report a bug' }),
  whatWillBeSentRegion: role('region', { name: 'What will be sent' }),
  screenshotPreviewTitle: 'Screenshot preview',
  lastSecondsEventsText: /^last [\d,]+ seconds?, [\d,]+ events?$/,
} as const;

/** Signing in to the demo portal (the helpers every portal spec uses). */
export const session = {
  liveStatus: role('status', { name: 'Live' }),
  mainNavigationNav: role('navigation', { name: 'Main navigation' }),
  vehicleManagementLink: role('link', { name: 'Vehicle Management' }),
  vehiclesTable: role('table', { name: 'Vehicles' }),
} as const;

/** Inventory lists: vehicles, devices, SIM cards and loggers, their filters, forms and import. */
export const inventoryLists = {
  /** The toast after fitting a device to a vehicle. */
  fittedText: (device: string, vehicle: string) => `Fitted ${device} to ${vehicle}`,
  vehiclesScroll: 'vehicles-scroll',
  connectivity: 'Connectivity',
  n5gCell: role('cell', { name: '5G', exact: true }),
  n4gCell: role('cell', { name: '4G', exact: true }),
  soC: role('button', { name: 'SoC' }),
  soCColumn: role('columnheader', { name: 'SoC' }),
  vehicleDetailsTabs: role('tablist', { name: 'Vehicle details' }),
  actionsFor: role('button', { name: /^Actions for / }),
  auditLogTable: role('table', { name: 'Audit log' }),
  itemColumn: role('columnheader', { name: '#' }),
  bMSDevicesTable: role('table', { name: 'BMS devices' }),
  vehLink: role('link', { name: /^veh-/ }),
  addVehicle: role('button', { name: 'Add vehicle' }),
  addVehicleDialog: role('dialog', { name: 'Add vehicle' }),
  theVINHas17LettersText: 'The VIN has 17 letters and digits.',
  vehiclesTable: role('table', { name: 'Vehicles' }),
  ofText: /of \d+$/,
  exportCSV: role('button', { name: 'Export CSV' }),
  /** The toast after an export (top right, over the list's buttons until it closes). */
  exportedBmsDevicesText: 'bms-devices.csv holds every device that matches the filters.',
  importCSV: role('button', { name: 'Import CSV' }),
  importBMSDevicesFromCSVDialog: role('dialog', { name: 'Import BMS devices from CSV' }),
  cSVFile: 'CSV file',
  importPreviewTable: role('table', { name: 'Import preview' }),
  serialNumberUseLettersDigitsText: /^Serial number: Use letters, digits/,
  modelNoBMSModelHasText: /^Model: No BMS model has this id/,
  import1BMSDevice: role('button', { name: 'Import 1 BMS device' }),
  imported1Of3BMSText: /Imported 1 of 3 BMS devices/,
  importProgress: role('progressbar', { name: 'Import progress' }),
  close: role('button', { name: 'Close', exact: true }),
  bMSBMSE2E0001Row: role('row', { name: 'BMS BMS-E2E-0001' }),
  actionsForBMSE2E0001: role('button', { name: 'Actions for BMS-E2E-0001' }),
  fitToVehicleMenuItem: role('menuitem', { name: 'Fit to vehicle' }),
  fitBMSE2E0001ToDialog: role('dialog', { name: 'Fit BMS-E2E-0001 to a vehicle' }),
  vehicleField: role('textbox', { name: /^Vehicle/ }),
  searchingVehicles: 'Searching vehicles',
  fit: role('button', { name: 'Fit' }),
  unfittedText: 'Unfitted',
} as const;

/** The portal shell: navigation, breadcrumbs, route progress and signing out. */
export const appShell = {
  /** The footer's line for a year. */
  copyright: (year: number) => `© ${year} Voltline. All rights reserved.`,
  signedInAsText: /^Signed in as /,
  vehicleManagementLink: role('link', { name: 'Vehicle Management' }),
  vehicleManagementHeading: role('heading', { name: 'Vehicle Management' }),
  commandsTab: role('tab', { name: 'Commands' }),
  routeProgress: 'route-progress',
  faultSummaryRegion: role('region', { name: 'Fault Summary' }),
} as const;

/** The audit log and the hardware log. */
export const auditLog = {
  actionsFor: role('button', { name: /^Actions for / }),
  deactivateActivateMenuItem: role('menuitem', { name: /^(Deactivate|Activate)$/ }),
  deactivatedActivatedText: /^(Deactivated|Activated) /,
  resyncMenuItem: role('menuitem', { name: 'Resync' }),
  resyncRequestedForText: /^Resync requested for /,
  auditLogTable: role('table', { name: 'Audit log' }),
  verifyChain: role('button', { name: 'Verify chain' }),
  chainIntactText: 'Chain intact',
  noAuditEntriesText: 'No audit entries match these filters.',
  auditEntryDialog: role('dialog', { name: 'Audit entry' }),
  changedFieldsTable: role('table', { name: 'Changed fields' }),
  hardwareLogTable: role('table', { name: 'Hardware log' }),
  liveTailOnText: 'Live tail on',
  level: 'Level',
  pauseLiveTail: role('button', { name: 'Pause live tail' }),
  liveTailPausedText: 'Live tail paused',
} as const;

/** The messenger's screens (home, conversations, news, help centre, checklists), opened by API and by URL. */
export const messengerScreens = {
  /** A quick action on the messenger's home ("Send us a message", "Report a bug"). */
  quickAction: (name: string) => role('button', { name }),
  theVoltlineTeamIsHereText: 'The Voltline team is here for you.',
  messengerNav: role('navigation', { name: 'Messenger' }),
  chatWithVolt: role('button', { name: /^Chat with Volt\b/ }),
  conversationWithVoltLog: role('log', { name: 'Conversation with Volt' }),
  back: role('button', { name: 'Back' }),
  description: 'Description',
  send: role('button', { name: 'Send' }),
  invoiceQuestionText: 'Invoice question',
  messagesLog: role('log', { name: 'Messages' }),
  chooseAnAnswerGroup: role('group', { name: 'Choose an answer' }),
  reportAProblem: role('button', { name: 'Report a problem' }),
  yourAnswerField: role('textbox', { name: 'Your answer' }),
  pleaseEnterAValidEText: 'Please enter a valid e-mail address.',
  ticketReportWasCreatedText: /^Ticket report-\d+ was created\.$/,
  openTheTicketConversation: role('button', { name: 'Open the ticket conversation' }),
  talkToAPerson: role('button', { name: 'Talk to a person' }),
  someoneFromTheTeamIsText: 'Someone from the team is joining.',
  continueTheConversation: role('button', { name: 'Continue the conversation' }),
  gettingStarted: role('button', { name: /Getting started/ }),
  pairABatteryWithA: role('button', { name: /Pair a battery with a vehicle/ }),
  pairABatteryWithAHeading: role('heading', { name: 'Pair a battery with a vehicle' }),
  thePairDialogImage: role('img', { name: 'The pair dialog' }),
  /** A help article's body holds no script element (it is sanitised). */
  scriptElement: 'script',
  /** A search hit highlighted in a result. */
  highlightedMatch: 'mark',
  liveMapFor10000Text: 'Live map for 10,000 vehicles',
  liveMapFor10000Heading: role('heading', { name: 'Live map for 10,000 vehicles' }),
  setUpYourFleet: role('button', { name: /Set up your fleet/ }),
  n1Of5StepsDoneText: '1 of 5 steps done',
  startTheTour: role('button', { name: 'Start the tour' }),
  voltlineTour: 'voltline-tour',
  welcomeToVoltlineHeading: role('heading', { name: 'Welcome to Voltline' }),
  closeTour: role('button', { name: 'Close tour' }),
  markTakeTheDashboardTour: role('button', { name: 'Mark "Take the dashboard tour" as done' }),
  n2Of5StepsDoneText: '2 of 5 steps done',
  n0Of1StepsDoneText: '0 of 1 steps done',
  howLikelyAreYouToText: 'How likely are you to recommend Voltline to a colleague?',
  name: 'Name',
  exportTripsAsCSVText: 'Export trips as CSV',
  youMayContactMeByBox: role('checkbox', { name: 'You may contact me by e-mail' }),
  chatWithOurAssistantLink: role('link', { name: 'Chat with our assistant' }),
  howFirmwareUpdatesWorkLink: role('link', { name: 'How firmware updates work' }),
  updateBatteryFirmwareHeading: role('heading', { name: 'Update battery firmware' }),
  tryAgain: role('button', { name: 'Try again' }),
  /** "Report a bug" in Arabic (the messenger in an RTL language). */
  reportABugInArabic: role('button', { name: 'الإبلاغ عن خطأ' }),
  documentRoot: 'html',
  widgetFrame: 'iframe[title="Feedback and support"]',
} as const;

/** The live controller's harness page: its subscriptions, figures and connection state. */
export const liveController = {
  /** The harness page marks its body `data-ready` once the controller runs. */
  harnessBody: 'body',
  liveConnectionStatus: role('status', { name: 'Live connection' }),
} as const;

/** The messenger in the widget's frame on the host page. */
export const messengerWidget = {
  element: (page: Page) => page.locator(messengerScreens.widgetFrame),
  frame: (page: Page) => page.frameLocator(messengerScreens.widgetFrame),
  heading: (page: Page, name: string | RegExp) => messengerWidget.frame(page).getByRole('heading', { name }),
};

/** The widget on a host page: its launcher, its frame and the engagement surfaces. */
export const widgetHost = {
  launcher: (page: Page) => page.getByRole('button', { name: /^Open / }),
  frame: (page: Page) => page.frameLocator('iframe[title="Feedback and support"]'),
  /** Engagement surfaces (issue 23). */
  notifications: (page: Page) => page.getByRole('region', { name: 'Notifications' }),
  closeNotifications: (page: Page) => page.getByRole('button', { name: 'Close notifications' }),
  banner: (page: Page) => page.frameLocator('iframe[title="Banner"]'),
  hotspot: (page: Page, name: string) => page.getByRole('button', { name }),
  tooltip: (page: Page) => page.getByRole('tooltip'),
  /** The admin builder (issue 23 item 6): its frame and the handle that collapses it. */
  builderFrame: (page: Page, title = 'Product tour builder') => page.locator(`iframe[title="${title}"]`),
  builderHandle: (page: Page) => page.getByRole('button', { name: /^(Hide|Show) the builder$/ }),
  /** The bug form the widget shows in its shadow root when the messenger frame cannot load (issue 17 item 6). */
  offlineForm: (page: Page) => page.getByRole('dialog', { name: 'Report a bug' }),
  /** The capture editor's toolbar and its recording preview. */
  captureTools: (page: Page) => page.getByRole('toolbar', { name: 'Capture tools' }),
  recordingPreview: (page: Page) => page.getByRole('dialog', { name: 'Your screen recording' }),
};

/** Theming (issue 36 item 12): the named parts of each surface, found the way a host stylesheet reaches them. */
export const themedParts = {
  button: (page: Page) => page.locator('voltline-widget [part~="button"]'),
  frame: (page: Page) => page.locator('voltline-widget [part~="frame"]'),
  notification: (page: Page) => page.locator('voltline-notifications [part~="notification"]'),
  popover: (page: Page) => page.locator('voltline-tour [part~="popover"]'),
  banner: (page: Page) => page.locator('voltline-banner [part~="banner"]'),
};

/** The messenger's UI contract (issue 3): home buttons, form fields, success and failure states. */
export const messengerForm = {
  reportBug: 'Report a bug',
  sendFeedback: 'Send feedback',
  description: 'Description',
  email: 'E-mail',
  send: 'Send',
  thanks: 'Thank you!',
};

/** The widget's accessibility checks on a host page. */
export const widgetA11y = {
  iframeTitleFeedbackAndSupport: 'iframe[title="Feedback and support"]',
  captureToolsToolbar: role('toolbar', { name: 'Capture tools' }),
} as const;

/** A host page with a modal `<dialog>` (issue 36 items 10 and 13: the top layer, focus given back). */
export const topLayer = {
  page: '/top-layer/',
  help: role('button', { name: 'Help', exact: true }),
  editSettings: role('button', { name: 'Edit settings' }),
  dialog: role('dialog', { name: 'Edit settings' }),
  reportProblem: role('button', { name: 'Report a problem' }),
  fleetName: role('textbox', { name: 'Fleet name' }),
  closeDialog: role('button', { name: 'Close', exact: true }),
  /** The widget's hosts that show above the dialog. */
  widgetHosts: 'voltline-widget, voltline-notifications, voltline-tour',
  tourPopover: (page: Page) => page.locator('voltline-tour').getByRole('dialog'),
  finishTour: role('button', { name: 'Finish' }),
} as const;

/** The widget's own texts in a language (issue 36 item 11): the host page and the widget's shadow hosts. */
export const widgetLanguages = {
  page: '/languages/',
  /** The same page importing the ESM build, with `setLanguage('hi-IN')` before `initialize`. */
  esmPage: '/languages/esm.html',
  widget: 'voltline-widget',
  notifications: 'voltline-notifications',
  tour: 'voltline-tour',
  tourPopover: (page: Page) => page.locator('voltline-tour').getByRole('dialog'),
  launcher: (page: Page) => page.locator('voltline-widget [part~="button"]'),
  /** A tour popover's progress ("1 of 2" in the language). */
  tourProgress: '.prog',
} as const;

/** The admin builder of product tours (issue 23 item 6): its frame, steps and preview. */
export const tourBuilder = {
  openTheSite: role('button', { name: 'Open the site' }),
  voltlineWidget: 'voltline-widget',
  pickElement: role('button', { name: 'Pick element' }),
  eV002Row: role('row', { name: /EV-002/ }),
  open: role('button', { name: 'Open' }),
  cardCharging: 'card-charging',
  strong: 'strong',
  navTrips: '#nav-trips',
  fleetHealthText: 'Fleet health',
  voltlineBuilderPick: 'voltline-builder .pick',
  cardOnline: 'card-online',
  voltlineBuilderMark: 'voltline-builder .mark',
  title: '#title',
  voltlineBuilder: 'voltline-builder',
} as const;

/** The capture editor: the screenshot's toolbar, canvas and drawing tools. */
export const captureEditor = {
  captureToolsToolbar: role('toolbar', { name: 'Capture tools' }),
  pen: role('button', { name: 'Pen' }),
  blurHideSensitiveContent: role('button', { name: 'Blur: hide sensitive content' }),
  next: role('button', { name: 'Next' }),
  glCaptureDrawing: '#gl-capture-drawing',
  colour: role('button', { name: 'Colour' }),
  /** The blue swatch (#0A93E4), named by its colour. */
  n0a93e4Choice: role('radio', { name: 'Blue' }),
  glCaptureDrawingRect: '#gl-capture-drawing rect',
  undo: role('button', { name: 'Undo' }),
  moveToolbar: role('button', { name: 'Move toolbar' }),
} as const;

/** The bug report's capture preview in the messenger. */
export const capturePreview = {
  whatWillBeSentRegion: role('region', { name: 'What will be sent' }),
  screenshotPreviewTitle: 'Screenshot preview',
  consoleLogText: 'Console log',
  networkLogText: 'Network log',
  planText: 'plan',
  maskedAndNeverSentText: /masked and never sent/,
  iframeTitleScreenshotPreviewFrame: 'iframe[title="Screenshot preview"]',
  fleetCheckoutHeading: role('heading', { name: 'Fleet checkout' }),
  customDataText: 'Custom data',
  removeScreenshot: role('button', { name: 'Remove screenshot' }),
  removedNotSentText: 'removed, not sent',
} as const;

/** Session replay: the recorded page played back. */
export const captureReplay = {
  addRow: role('button', { name: 'Add row' }),
  search: 'Search',
  pIN: 'PIN',
} as const;

/** The page snapshot a bug report carries. */
export const captureSnapshot = {
  name: 'Name',
  password: 'Password',
  newsletter: 'Newsletter',
  plan: 'Plan',
  notes: 'Notes',
  vehicleEV042OnlineText: 'Vehicle EV-042 online',
  customerAdaLovelaceText: 'Customer: Ada Lovelace',
  imgWidth200Height100: 'img[width="200"][height="100"]',
} as const;

/** A bug report sent from the ESM build. */
export const esmBugReport = {
  iframeTitleFeedbackAndSupport: 'iframe[title="Feedback and support"]',
} as const;

/** Product tours on a host page: steps, popovers and their controls. */
export const productTours = {
  voltlineTour: 'voltline-tour',
  welcomeHeading: role('heading', { name: 'Welcome' }),
  continue: role('button', { name: 'Continue' }),
  closeTour: role('button', { name: 'Close tour' }),
  back: role('button', { name: 'Back' }),
  a: 'a',
  vtDesc: '#vt-desc',
  iframeScriptStyle: 'iframe, script, [style]',
  vtDescDiv: '#vt-desc div',
  name: '#name',
  navSettings: '#nav-settings',
  finish: role('button', { name: 'Finish' }),
} as const;

/** The UMD build loaded from a CDN-like host. */
export const umdCdn = {
  voltlineTour: 'voltline-tour',
  next: role('button', { name: 'Next' }),
  done: role('button', { name: 'Done' }),
  title: '#title',
  text: '#text',
  close: role('button', { name: 'Close' }),
  voltlineBanner: 'voltline-banner',
  openTheSite: role('button', { name: 'Open the site' }),
} as const;

/** Co-browsing: the visitor page, the agent view and their controls. */
export const cobrowseSession = {
  voltlineTourDataModeCobrowse: 'voltline-tour[data-mode="cobrowse"]',
  coBrowseTourGroup: role('group', { name: 'Co-browse tour' }),
  muteVoice: role('button', { name: 'Mute voice' }),
  endTheTour: role('button', { name: 'End the tour' }),
  imgSrcXScriptIframe: 'img[src="x"], script, iframe, a',
  search: '#search',
  note: '#note',
  next: role('button', { name: 'Next' }),
  voltlineTour: 'voltline-tour',
  unmuteVoice: role('button', { name: 'Unmute voice' }),
  userMenu: '#user-menu',
  open: role('button', { name: /^Open / }),
  bottomCta: '#bottom-cta',
} as const;

/** Engagement surfaces (issue 23): notifications, banners, tooltips and hotspots. */
export const engagementSurfaces = {
  liveMapFor10000: role('button', { name: /Live map for 10,000 vehicles/ }),
  mayaFromVoltlineHiHow: role('button', { name: /^Maya from Voltline: Hi , how can we help\?/ }),
  title: '#title',
  text: '#text',
  export: '#export',
  close: role('button', { name: 'Close' }),
  voltlineBanner: 'voltline-banner',
  list: '#list',
  deep: '#deep',
  plan: '#plan',
} as const;

/** Screen recording: its controls, timer and result. */
export const captureRecording = {
  captureToolsToolbar: role('toolbar', { name: 'Capture tools' }),
  startRecording: role('button', { name: 'Start recording' }),
  stopRecording: role('button', { name: 'Stop recording' }),
  pin: '#pin',
  pen: role('button', { name: 'Pen' }),
  yourScreenRecordingDialog: role('dialog', { name: 'Your screen recording' }),
  video: 'video',
  next: role('button', { name: 'Next' }),
  microphoneOn: role('button', { name: 'Microphone on' }),
  microphoneOff: role('button', { name: 'Microphone off' }),
  retry: role('button', { name: 'Retry' }),
  dismiss: role('button', { name: 'Dismiss' }),
} as const;

/** The geofence editor on its maps harness: drawing tools, the form and its checks. */
export const geofenceEditor = {
  shapeDrawnText: 'Shape drawn.',
  nameField: role('textbox', { name: /Name/ }),
  exitText: 'Exit',
  emailBox: role('checkbox', { name: 'Email' }),
  saveGeofence: role('button', { name: 'Save geofence' }),
  enterANameText: 'Enter a name.',
  undo: role('button', { name: 'Undo' }),
  chooseAToolAboveTheText: 'Choose a tool above the map and draw the area.',
  rectangleText: 'Rectangle',
  dwellMinutesField: role('textbox', { name: 'Dwell minutes' }),
} as const;

/** The live map on its harness: a vehicle's card and following it. */
export const liveMap = {
  vehicleVXCardRegion: role('region', { name: 'Vehicle VX-CARD' }),
  followSwitch: role('switch', { name: 'Follow' }),
} as const;

/** Trip playback on its maps harness: the slider, play and pause, the stops and the charts. */
export const tripPlaybackMap = {
  positionReadoutGroup: role('group', { name: 'Position readout' }),
  tripPositionSlider: role('slider', { name: 'Trip position' }),
  /** The slider's track: the parent of the slider's thumb. */
  sliderTrack: 'xpath=..',
  pageBody: 'body',
  pause: role('button', { name: 'Pause' }),
  play: role('button', { name: 'Play' }),
  stopsList: role('list', { name: 'Stops' }),
  n8xText: '8x',
  speedAndSoCOverTheImage: role('img', { name: 'Speed and SoC over the trip' }),
} as const;

/** The maps harness page (specs/maps/harness). */
export const mapsHarness = {
  /** The harness marks its body `data-ready` once the map runs. */
  harnessBody: 'body',
} as const;

/** The dashboard and its configuration page: panels, their drag and resize handles, and charts (issue 22). */
export const dashboardLayout = {
  loadingImage: role('img', { name: /Loading/ }),
  anyPanel: '[data-panel]',
  addPanelUtilisation: role('button', { name: 'Add panel Utilisation' }),
  utilisationPanel: '[data-panel="utilisation"]',
  /** react-grid-layout's handles carry no role: the pointer drags them by class (the keyboard handle is a button). */
  dragHandle: '.vl-drag-handle',
  moveOrResizeUtilisation: role('button', { name: /^Move or resize Utilisation/ }),
  resizeCorner: '.react-resizable-handle',
  saveLayout: role('button', { name: 'Save layout' }),
  unsavedChangesText: 'Unsaved changes',
  energyAndDistancePerDayFigure: role('figure', { name: 'Energy and distance per day' }),
  chargingSessionsAndEnergyChargedFigure: role('figure', { name: 'Charging sessions and energy charged per day' }),
  chartCanvas: 'canvas',
  /** The chart library's tooltip, known only by its inline z-index. */
  chartTooltip: 'div[style*="z-index: 9999999"]',
} as const;

/** One vehicle, one state (issue 18 item 1): the dashboard's Fleet status tiles, the fleet map's chips, a vehicle's Overview. */
export const oneVehicleOneState = {
  panel: (name: string) => role('region', { name, exact: true }),
  /** A tile's value: the element after its label. */
  tileValue: 'xpath=following-sibling::*[1]',
  online: 'Online',
  openFleetMap: role('link', { name: 'Open the fleet map' }),
  stateChips: role('group', { name: 'Vehicle states shown' }),
  onTheMap: /^[1-9]\d* of \d+ on the map$/,
  vehiclesTable: role('table', { name: 'Vehicles' }),
  vehicleRow: role('row', { name: /^Vehicle / }),
  liveSpeed: /^Live, \d+ km\/h$/,
  /** An Overview figure: its label's parent holds the value. */
  parent: '..',
  standByCell: role('cell', { name: 'StandBy (0)' }),
  standBy: 'StandBy (0)',
  socPercent: /^\d+ %$/,
} as const;

/** The widget's offline bug form (issue 17 item 6), in its shadow root. */
export const offlineForm = {
  status: role('status'),
  description: 'Description',
  email: 'E-mail',
  send: role('button', { name: 'Send' }),
  descriptionRequired: 'Please describe what happened.',
  emailInvalid: 'Enter a valid e-mail address, like name@example.com.',
} as const;

/** A screen recording made through the messenger and sent with its report (issue 17 item 1). */
export const outboxRecording = {
  reportBug: role('button', { name: messengerForm.reportBug }),
  screenRecording: role('radio', { name: 'Screen recording' }),
  startRecording: role('button', { name: 'Start recording' }),
  stopRecording: role('button', { name: 'Stop recording' }),
  timer: role('timer'),
  next: role('button', { name: 'Next' }),
  attached: 'Screen recording attached.',
  send: role('button', { name: messengerForm.send }),
} as const;

/** The planted-secrets host page of the trust specs (issue 17): its sign-in fields. */
export const plantedSecrets = {
  userName: 'User name',
  passphrase: 'Passphrase',
} as const;

/** Issue 37 item 10: the widget's launcher and what it must not cover, the end of the page's main area. */
export const widgetClearance = {
  /** The launcher button in the widget's open shadow root. */
  button: 'voltline-widget [part~="button"]',
  main: role('main'),
  openTheFleetMapLink: role('link', { name: 'Open the fleet map' }),
  pageHeading: role('heading', { level: 1 }),
} as const;

/** Issue 37 item 9: a page of the demo, opened while its service worker registration goes away. */
export const serviceWorkerRace = {
  pageHeading: role('heading', { level: 1, name: 'Service Center Management' }),
} as const;

/** Issue 39: the production portal served by the real Fleet API server (specs/server). */
export const realServer = {
  vehicleSearch: role('textbox', { name: 'Search vehicles' }),
  /** The vehicle list's range line with the seeded world's size (the server is seeded with 60 vehicles). */
  firstPageOf60Text: '1–25 of 60',
  oneOf1Text: '1–1 of 1',
  socSort: role('button', { name: 'SoC' }),
  socColumn: role('columnheader', { name: 'SoC' }),
  /** A body row's SoC cell ("92 %"), the list's ninth column. */
  socCell: 'td:nth-child(9)',
  vehicleLink: (vehicleId: string) => `a[href="/vehicle/${vehicleId}"]`,
  /** The drawer of a ticket by its title. */
  ticketDrawer: (title: string) => role('dialog', { name: new RegExp(`^TCK-\\d+: ${title}$`) }),
  ticketStatusCell: (status: string) => role('cell', { name: status, exact: true }),
  /** The header's bell: how many notifications nobody acknowledged. */
  notificationBell: role('link', { name: /^Notifications: \d+ unacknowledged$/ }),
  notificationBellOf: (count: number) => role('link', { name: `Notifications: ${count} unacknowledged`, exact: true }),
  commandsTab: role('tab', { name: 'Commands', exact: true }),
  commandsTable: role('table', { name: 'Command history', exact: true }),
  /** The notification history (decision 0126: refreshed when the server publishes a rule's notification). */
  notificationsTable: role('table', { name: 'Notifications', exact: true }),
} as const;

/**
 * Issue 38: reports sent by the portal's own widget and by gleap@14.2.11's SDK reach the real server's feedback inbox
 * (specs/server/widget-reports.spec.ts).
 */
export const widgetReports = {
  feedbackLink: role('link', { name: 'Feedback', exact: true }),
  inboxHeading: role('heading', { name: 'Feedback Inbox', level: 1 }),
  search: role('textbox', { name: 'Search reports' }),
  /** The list's filters (native selects, by their labels). */
  keyFilter: 'SDK key',
  typeFilter: 'Type',
  statusFilter: 'Status',
  noMatch: 'No reports match these filters.',
  reportsTable: role('table', { name: 'Feedback reports' }),
  /** A report's row, named `<type> report <id>`; its link (the date received) opens the report. */
  reportRow: (id: string) => role('row', { name: new RegExp(` report ${id}$`) }),
  reportHeading: role('heading', { name: 'Feedback Report', level: 1 }),
  reportTable: role('table', { name: 'Report', exact: true }),
  reporterTable: role('table', { name: 'Reporter', exact: true }),
  /** The snapshot the widget sent, shown in a sandboxed frame. */
  screenshotSection: role('region', { name: 'Screenshot', exact: true }),
  snapshotFrame: 'iframe[title="Page snapshot"]',
  /** The box that holds the snapshot at the visitor's viewport, scaled to the card (decision 0136 Session 25). */
  snapshotViewport: 'snapshot-viewport',
  consoleSection: role('region', { name: 'Console log', exact: true }),
  replaySection: role('region', { name: 'Session replay', exact: true }),
  /** The player's summary before it is played: `<n> recorded events from <date>`. */
  recordedEventsText: (count: number) => new RegExp(`^${count.toLocaleString('en')} recorded events`),
  /** What the gleap host page logs before it reports. */
  hostConsoleLine: 'checkout failed: payment provider timed out',
  /** The messenger's button that closes it after a report is sent. */
  closeMessenger: 'Close',
  /** gleap@14.2.11's own host page (served by the spec's route). */
  gleapHost: { title: 'A shop that loads gleap@14.2.11' },
  /** The heading of gleap's host page, as rebuilt by the replay player. */
  gleapHostHeading: role('heading', { name: 'A shop that loads gleap@14.2.11' }),
  /** gleap@14.2.11's own messenger frame (its class; our messenger is what it loads). */
  gleapFrame: 'iframe.gleap-frame',
  /** The report page's replay player: the button that loads it, its play button, and rrweb's frame on its stage. */
  playTheReplay: role('button', { name: 'Play the replay' }),
  replayPlay: role('button', { name: 'Play', exact: true }),
  replayStageFrame: '[data-testid="replay-stage"] iframe',
} as const;

/** From report to ticket and back (issue 38 items 1 and 4, decision 0128): the report page, the ticket, the messenger. */
export const widgetConversations = {
  createTicket: role('button', { name: 'Create ticket' }),
  createTicketDialog: role('dialog', { name: 'Create a ticket from this report' }),
  vehicle: role('textbox', { name: 'Vehicle' }),
  /** A vehicle of the picker: `<label> · <registration>`. */
  vehicleOption: role('option', { name: / · KA/ }),
  ticketLink: role('link', { name: /^Ticket TCK-\d+$/ }),
  /** The ticket's drawer, named `<ref>: <title>`. */
  ticketDrawer: (ref: string) => role('dialog', { name: new RegExp(`^${ref}:`) }),
  /** The messenger's conversation: its messages (a log) and its composer. */
  messagesLog: role('log', { name: 'Messages' }),
  messageField: role('textbox', { name: 'Message' }),
  sendMessage: role('button', { name: 'Send message' }),
  /** The report page's copy of the conversation, and its reply to the visitor. */
  reportConversation: role('list', { name: 'Conversation messages' }),
  replyToVisitor: role('textbox', { name: /^Reply to the visitor/ }),
  sendToVisitor: role('button', { name: 'Send to the visitor' }),
  /** The demo's seeded conversation in the messenger's list. */
  demoConversation: role('button', { name: /^Invoice question/ }),
  /** The toast after making a ticket of a report (top right, over the report page's ticket link while it shows). */
  ticketOpenedText: (ref: string) => `Opened ${ref}`,
  closeToast: role('button', { name: 'Close notification' }),
} as const;

/** The conversations visitors start without a report (decision 0136 Session 25): the inbox's link and their page. */
export const visitorConversations = {
  inboxLink: role('link', { name: 'Conversations without a report' }),
  heading: role('heading', { name: 'Visitor Conversations', level: 1 }),
  list: role('list', { name: 'Visitor conversations' }),
  /** A conversation of the list: its name starts with its title (the visitor's first message). */
  row: (title: string) => role('button', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }),
  openSection: role('region', { name: 'Open conversation' }),
  awaitingReply: 'Awaiting reply',
} as const;
