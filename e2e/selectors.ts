/** Every selector the browser tests use, in one place (names and roles the UI exposes, never CSS classes). */
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
    breadcrumb: { role: 'navigation', name: 'Breadcrumb' },
    expandNav: { role: 'button', name: 'Expand navigation' },
    accountMenu: { role: 'button', name: /account menu$/ },
    signOut: { role: 'menuitem', name: 'Sign out' },
    notifications: { role: 'region', name: /Notifications/ },
  },
  pages: {
    forbidden: { role: 'heading', name: 'You do not have access to this page' },
    notFound: { role: 'heading', name: 'Page not found' },
    dashboardGreeting: /Welcome back,/,
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
  /** "MH12AB1234 · veh-000001" */
  vehicleOption: / · veh-\d+$/,
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
