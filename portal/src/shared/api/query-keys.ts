/**
 * Every TanStack Query key of the portal, one factory per API resource.
 *
 * A key is `[resource, kind, ...]`: the second element is always one of the literal kinds below ('list', 'detail',
 * 'search', ...), never an id, so an id such as "list" can never collide with a kind, and invalidating
 * `vehicleKeys.lists()` refreshes every vehicle list (whatever its parameters) but no vehicle's details. Children of a
 * resource (a vehicle's trips, a BMS's cycles) hang under its `detail` key, so invalidating a vehicle refreshes them too.
 *
 * Parameters are the feature's own typed objects; the key only needs them to be serialisable. `query-keys.test.ts`
 * fails when a `queryKey` is written inline anywhere else.
 */

type Params = object;

export const authKeys = {
  all: ['auth'] as const,
  me: () => ['auth', 'me'] as const,
};

export const vehicleKeys = {
  all: ['vehicles'] as const,
  lists: () => ['vehicles', 'list'] as const,
  list: (params: Params) => ['vehicles', 'list', params] as const,
  /** The vehicle pickers' one server search (`shared/ui/vehicle-picker`). */
  search: (term: string) => ['vehicles', 'search', term] as const,
  detail: (id: string) => ['vehicles', 'detail', id] as const,
  trips: (id: string, params: Params) => ['vehicles', 'detail', id, 'trips', params] as const,
  tripRoute: (id: string, tripId: string) => ['vehicles', 'detail', id, 'trip-route', tripId] as const,
  locations: (id: string) => ['vehicles', 'detail', id, 'locations'] as const,
  /** A vehicle's one-line label (registration and VIN) for a form that got its id only. */
  label: (id: string) => ['vehicles', 'detail', id, 'label'] as const,
};

export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => ['devices', 'list'] as const,
  list: (kind: string, params: Params) => ['devices', 'list', kind, params] as const,
  detail: (id: string) => ['devices', 'detail', id] as const,
  cycles: (bmsId: string, params: Params) => ['devices', 'detail', bmsId, 'cycles', params] as const,
  cycleCells: (bmsId: string, cycleId: string, points: number) =>
    ['devices', 'detail', bmsId, 'cycle-cells', cycleId, points] as const,
};

export const componentKeys = {
  all: ['components'] as const,
  sims: (params: Params) => ['components', 'sims', params] as const,
  loggers: (params: Params) => ['components', 'loggers', params] as const,
};

export const modelKeys = {
  all: ['models'] as const,
  lists: () => ['models', 'list'] as const,
  list: (params: Params) => ['models', 'list', params] as const,
  detail: (id: string) => ['models', 'detail', id] as const,
};

export const faultKeys = {
  all: ['faults'] as const,
  lists: () => ['faults', 'list'] as const,
  list: (params: Params) => ['faults', 'list', params] as const,
  detail: (id: string) => ['faults', 'detail', id] as const,
  notifications: (id: string) => ['faults', 'detail', id, 'notifications'] as const,
  commands: (id: string) => ['faults', 'detail', id, 'commands'] as const,
};

export const commandKeys = {
  all: ['commands'] as const,
  forVehicle: (vehicleId: string) => ['commands', 'vehicle', vehicleId] as const,
  list: (vehicleId: string, params: Params) => ['commands', 'vehicle', vehicleId, params] as const,
  /** The fleet-wide command history (the /command-history page). */
  history: (params: Params) => ['commands', 'history', params] as const,
  /** What a send would reach (its vehicles and commands). */
  target: (target: Params) => ['commands', 'target', target] as const,
};

export const telemetryKeys = {
  all: ['telemetry'] as const,
  series: (kind: string, id: string, params: Params) => ['telemetry', 'series', kind, id, params] as const,
};

export const geofenceKeys = {
  all: ['geofences'] as const,
  list: (q: string, page: number) => ['geofences', 'list', { q, page }] as const,
  one: (id: string) => ['geofences', 'detail', id] as const,
};

export const auditKeys = {
  all: ['audit'] as const,
  list: (params: Params) => ['audit', 'list', params] as const,
  entry: (id: string) => ['audit', 'detail', id] as const,
  actors: () => ['audit', 'actors'] as const,
};

export const hardwareLogKeys = {
  all: ['hardware-logs'] as const,
  list: (params: Params) => ['hardware-logs', 'list', params] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  forVehicle: (vehicleId: string, params: Params) => ['notifications', 'vehicle', vehicleId, params] as const,
  history: (params: Params) => ['notifications', 'history', params] as const,
  /** The header's count of unacknowledged notifications. */
  unread: () => ['notifications', 'unread'] as const,
};

/** Pick lists (shared/api/lookups.ts); a model change invalidates `lookupKeys.all` as well as `modelKeys.all`. */
export const lookupKeys = {
  all: ['lookups'] as const,
  organisations: (kind: string) => ['lookups', 'organisations', kind] as const,
  models: (kind: string) => ['lookups', 'models', kind] as const,
};

export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (params: Params) => ['users', 'list', params] as const,
  /** The user picker of the effective-access preview. */
  search: (term: string) => ['users', 'search', term] as const,
};

/** Service centres, fleets, EV owners and drivers under management (issue 21 item 5); `kind` keeps them apart. */
export const organisationKeys = {
  all: ['organisations'] as const,
  lists: (kind: string) => ['organisations', 'list', kind] as const,
  list: (kind: string, params: Params) => ['organisations', 'list', kind, params] as const,
  detail: (kind: string, id: string) => ['organisations', 'detail', kind, id] as const,
  /** Vehicles that may be assigned to one organisation, searched. */
  assignable: (kind: string, id: string, term: string) =>
    ['organisations', 'detail', kind, id, 'assignable', term] as const,
};

export const roleKeys = {
  all: ['roles'] as const,
  lists: () => ['roles', 'list'] as const,
  list: (params: Params) => ['roles', 'list', params] as const,
  /** Every role the caller sees (pickers, filters, the roles table). */
  every: () => ['roles', 'list', 'every'] as const,
  detail: (id: string) => ['roles', 'detail', id] as const,
};

export const deviceGroupKeys = {
  all: ['device-groups'] as const,
  lists: () => ['device-groups', 'list'] as const,
  list: (query: Params) => ['device-groups', 'list', query] as const,
  detail: (id: string) => ['device-groups', 'detail', id] as const,
};

/** Searching pickers of user management's forms (an owner among organisations, an owner's vehicles). */
export const pickerKeys = {
  all: ['pickers'] as const,
  organisations: (kind: string, q: string) => ['pickers', 'organisations', kind, q] as const,
  ownerVehicles: (field: string, id: string, q: string) => ['pickers', 'vehicles', field, id, q] as const,
};

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => ['tickets', 'list'] as const,
  list: (params: Params) => ['tickets', 'list', params] as const,
  detail: (id: string) => ['tickets', 'detail', id] as const,
  assignees: () => ['tickets', 'assignees'] as const,
};

/** Rules, and the pick lists of the rule builder (whole models with their telemetry templates, OEMs, vehicles). */
export const ruleKeys = {
  all: ['rules'] as const,
  lists: () => ['rules', 'list'] as const,
  list: (params: Params) => ['rules', 'list', params] as const,
  detail: (id: string) => ['rules', 'detail', id] as const,
  models: (kind: string, oemId: string | null) => ['rules', 'models', kind, oemId] as const,
  oems: () => ['rules', 'oems'] as const,
  keyLabels: () => ['rules', 'key-labels'] as const,
};

/** Analysis and carbon emission (issue 22): subjects to pick, comparisons and carbon reports, each by its parameters. */
export const analysisKeys = {
  all: ['analysis'] as const,
  subjects: (groupBy: string, q: string) => ['analysis', 'subjects', groupBy, q] as const,
  comparison: (params: Params) => ['analysis', 'comparison', params] as const,
  carbon: (params: Params) => ['analysis', 'carbon', params] as const,
  carbonSettings: () => ['analysis', 'carbon-settings'] as const,
};

/** Firmware releases, staged rollouts (with their per-device updates) and the Device OTA history. */
export const firmwareKeys = {
  all: ['firmware'] as const,
  releases: (params: Params) => ['firmware', 'releases', params] as const,
  rollouts: (params: Params) => ['firmware', 'rollouts', params] as const,
  rollout: (id: string) => ['firmware', 'detail', id] as const,
  rolloutDevices: (id: string, params: Params) => ['firmware', 'detail', id, 'devices', params] as const,
  history: (params: Params) => ['firmware', 'history', params] as const,
};

/** Access grants and OEM access (issue 21 item 4), and the pick lists of the grant form. */
export const accessGrantKeys = {
  all: ['access-grants'] as const,
  lists: () => ['access-grants', 'list'] as const,
  list: (area: 'access' | 'oem', params: Params) => ['access-grants', 'list', area, params] as const,
  candidates: (params: Params) => ['access-grants', 'candidates', params] as const,
};

/** Company settings and REST API keys (issue 21 item 6). */
export const settingsKeys = {
  all: ['settings'] as const,
  company: () => ['settings', 'company'] as const,
  apiKeys: () => ['settings', 'api-keys'] as const,
  sdkKeys: () => ['settings', 'sdk-keys'] as const,
};

/** The signed-in user's own account and sessions. */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => ['profile', 'me'] as const,
  sessions: () => ['profile', 'sessions'] as const,
};

/** The caller's dashboards (dashboardConfig) and the aggregates their panels show (issue 22). */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  list: () => ['dashboards', 'list'] as const,
  /** One panel's aggregate; `params` holds the time range for panels that follow it. */
  data: (panel: string, params: Params) => ['dashboards', 'data', panel, params] as const,
};

/** The feedback inbox (decision 0116): the widget's reports. */
export const feedbackKeys = {
  all: ['feedback-reports'] as const,
  list: (params: Params) => ['feedback-reports', 'list', params] as const,
  detail: (id: string) => ['feedback-reports', 'detail', id] as const,
  /** A report's replay events: a child of its details. */
  replay: (id: string) => ['feedback-reports', 'detail', id, 'replay'] as const,
  /** The visitor's conversation of a report (decision 0128): a child of its details. */
  conversation: (id: string) => ['feedback-reports', 'detail', id, 'conversation'] as const,
  /** The conversations visitors started without a report (decision 0136 Session 25). */
  visitorConversations: ['feedback-reports', 'visitor-conversations'] as const,
  visitorConversationList: (page: number) => ['feedback-reports', 'visitor-conversations', 'list', page] as const,
  visitorConversation: (shareToken: string) =>
    ['feedback-reports', 'visitor-conversations', 'detail', shareToken] as const,
};
