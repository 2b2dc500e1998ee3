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
  },
  tripDetail: { role: 'region', name: 'Trip detail' },
  faultTimeline: 'Fault timeline',
  commandPicker: { role: 'textbox', name: 'Command' },
  sendCommand: { role: 'button', name: 'Send command' },
  analysisChart: { role: 'figure', name: /^Telemetry, / },
  heatmap: { role: 'figure', name: 'Per-cell voltage heatmap' },
  spreadChart: { role: 'figure', name: 'Voltage min, max and delta over time' },
} as const;
