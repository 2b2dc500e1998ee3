import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Row types of the tables the migrations create, as Kysely sees them. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** Organisations (migrations 0001 and 0011): every field of openapi.yaml's Oem, Dealer, Fleet, EvOwner, Driver is a column. */
export interface OemTable {
  id: string;
  name: string;
  code: string;
  country: string;
  status: number;
  created_at: Timestamp;
}
export interface DealerTable {
  id: string;
  oem_id: string;
  name: string;
  code: string;
  city: string;
  email: string;
  phone: string;
  address: string | null;
  status: number;
  created_at: Timestamp;
}
export interface FleetTable {
  id: string;
  oem_id: string;
  dealer_id: string | null;
  name: string;
  city: string;
  email: string;
  phone: string | null;
  address: string | null;
  status: number;
  created_at: Timestamp;
}
export interface EvOwnerTable {
  id: string;
  dealer_id: string | null;
  name: string;
  email: string;
  phone: string;
  city: string;
  address: string | null;
  status: number;
  created_at: Timestamp;
}
export interface DriverTable {
  id: string;
  fleet_id: string;
  name: string;
  phone: string;
  email: string | null;
  license_number: string;
  /** A date; read as text (YYYY-MM-DD) so no time zone moves it. */
  license_expires_on: ColumnType<string | null, string | null, string | null>;
  status: number;
  created_at: Timestamp;
}
/** Models (migrations 0001 and 0005): every field of openapi.yaml's Model is a column; lists and specs are JSON. */
export interface ModelTable {
  id: string;
  kind: 'EV' | 'BMS' | 'MCU' | 'VCU';
  oem_id: string;
  name: string;
  code: string;
  status: number;
  configuration_step: number;
  vehicle_type: string | null;
  master_data: Json<unknown>;
  commands: Json<unknown>;
  faults: Json<unknown>;
  telemetry_template: Json<unknown>;
  bms: ColumnType<unknown, string | null, string | null>;
  mcu: ColumnType<unknown, string | null, string | null>;
  configuration: ColumnType<unknown, string | null, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface UserTable {
  id: string;
  email: string;
  name: string;
  role: string;
  role_id: string | null;
  status: number;
  oem_id: string | null;
  dealer_id: string | null;
  fleet_id: string | null;
  ev_owner_id: string | null;
  driver_id: string | null;
  password_hash: string;
  created_at: Timestamp;
  last_sign_in_at: Timestamp | null;
  /** Migration 0009. */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
}
/** Roles (migration 0009): built-in ones (id = code) and custom ones; `permissions` null is the code's default matrix. */
export interface RoleTable {
  id: string;
  code: string;
  name: string;
  built_in: boolean;
  permissions: ColumnType<unknown, string | null, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface CompanySettingsTable {
  tenant_id: string;
  logo_file: string | null;
  logo_type: string | null;
  logo_size: number | null;
  logo_file_name: string | null;
  logo_updated_at: Timestamp | null;
  smtp_sender: string | null;
  sms_sender_id: string | null;
  webhook_secret: string | null;
  carbon: ColumnType<unknown, string | null | undefined, string | null>;
  seeded_supply_contract: ColumnType<unknown, string | null | undefined, string | null>;
  updated_at: Timestamp;
}
export interface ApiKeyTable {
  id: string;
  tenant_id: string;
  name: string;
  scope: 'read' | 'write';
  prefix: string;
  secret_hash: string;
  user_id: string;
  created_at: Timestamp;
  created_by: string;
  last_used_at: Timestamp | null;
  reset_at: Timestamp | null;
  revoked_at: Timestamp | null;
}
export interface SessionTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
  revoked_at: Timestamp | null;
}
export interface LoginFailureTable {
  id: Generated<string>;
  email: string;
  ip: string | null;
  at: Timestamp;
}
export interface AuditTable {
  seq: number;
  id: string;
  occurred_at: Timestamp;
  user_id: string;
  user_name: string;
  role: string;
  ip: string | null;
  user_agent: string | null;
  entity: string;
  entity_id: string;
  action: string;
  summary: string;
  changes: Json<unknown[]>;
  prev_hash: string;
  hash: string;
}
export interface VehicleTable {
  id: string;
  vin: string;
  registration_number: string;
  vehicle_type: string;
  model_id: string;
  oem_id: string;
  dealer_id: string | null;
  fleet_id: string | null;
  ev_owner_id: string | null;
  driver_id: string | null;
  connectivity: string;
  state_code: number | null;
  is_live: boolean;
  last_seen_at: Timestamp;
  status: number;
  soc: number;
  range_km: number;
  odometer_km: number;
  health_rating: number;
  lat: number;
  lng: number;
  bms_id: string | null;
  mcu_id: string | null;
  vcu_id: string | null;
  logger_id: string | null;
  sim_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface DeviceTable {
  id: string;
  type: string;
  serial_number: string;
  model_id: string | null;
  oem_id: string;
  vehicle_id: string | null;
  firmware_version: string;
  status: number;
  state: number | null;
  is_live: boolean;
  last_seen_at: Timestamp;
  imei: string | null;
  bms: ColumnType<unknown, string | null, string | null>;
  mcu: ColumnType<unknown, string | null, string | null>;
  chemistry: GeneratedAlways<number | null>;
  cooling: GeneratedAlways<number | null>;
  motor_type: GeneratedAlways<number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** SIM cards (migration 0006). */
export interface SimTable {
  id: string;
  iccid: string;
  msisdn: string;
  operator: string;
  logger_id: string | null;
  status: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** What each vehicle did per UTC day (migration 0018): the roll-up of the analysis, carbon and activity panels. */
export interface VehicleActivityDayTable {
  vehicle_id: string;
  /** A `date`: written as `YYYY-MM-DD`, read through `to_char` (a driver would make it a local midnight). */
  day: ColumnType<string, string, string>;
  reporting_hours: Generated<number>;
  driving_hours: Generated<number>;
  distance_km: Generated<number>;
  energy_kwh: Generated<number>;
  charged_kwh: Generated<number>;
  trips: Generated<number>;
  charge_sessions: Generated<number>;
  soc_used_pct: Generated<number>;
  plug_in_soc_sum: Generated<number>;
  unplug_soc_sum: Generated<number>;
}
/** Saved dashboards (migration 0017). */
export interface DashboardTable {
  id: string;
  user_id: string;
  role: string;
  name: string;
  panels: Json<unknown[]>;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Access grants (migration 0016). */
export interface AccessGrantTable {
  id: string;
  kind: string;
  target: string;
  target_id: string | null;
  role_code: string;
  grantee_type: string;
  grantee_id: string;
  oem_id: string | null;
  note: string | null;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
  created_at: Timestamp;
  created_by: string;
}
/** Geofences (migration 0007). */
export interface GeofenceTable {
  id: string;
  name: string;
  rule: string;
  dwell_minutes: number | null;
  delivery_methods: number;
  geometry: Json<unknown>;
  vehicle_ids: Json<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Device groups (migration 0007). */
export interface DeviceGroupTable {
  id: string;
  name: string;
  description: string;
  owner_kind: string;
  owner_id: string;
  mode: string;
  filter: ColumnType<unknown, string | null, string | null>;
  vehicle_ids: Json<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** The view of every owner a device group can have (migration 0007). */
export interface GroupOwnerView {
  kind: string;
  id: string;
  name: string;
  oem_id: string | null;
  dealer_id: string | null;
  fleet_id: string | null;
}

/** The command history (migration 0014); `idempotency_key` and `request_hash` are the server's only. */
export interface CommandTable {
  id: string;
  vehicle_id: string;
  device_id: string | null;
  device_kind: string;
  code: string;
  name: string;
  kind: string;
  status: number;
  sent_at: Timestamp;
  acknowledged_at: Timestamp | null;
  sent_by: string | null;
  rule_id: string | null;
  rule_name: string | null;
  payload: ColumnType<unknown, string | null, string | null>;
  expires_at: Timestamp;
  failure_reason: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
}
/** Fault and alert occurrences (migration 0008). */
export interface FaultTable {
  id: string;
  vehicle_id: string;
  device_id: string | null;
  device_kind: string;
  code: string;
  name: string;
  kind: string;
  scope: string;
  severity: number;
  occurred_at: Timestamp;
  cleared_at: Timestamp | null;
  acknowledged_at: Timestamp | null;
  acknowledged_by: string | null;
}
/** The notifications rules sent (migration 0008); `deliveries` is a JSON array of NotificationDelivery. */
export interface NotificationTable {
  id: string;
  vehicle_id: string;
  fault_id: string | null;
  rule_id: string | null;
  rule_name: string;
  delivery_methods: number;
  title: string;
  message: string;
  severity: number;
  sent_at: Timestamp;
  deliveries: Json<unknown[]>;
  acknowledged_at: Timestamp | null;
  acknowledged_by: string | null;
  acknowledged_by_name: string | null;
  cleared_at: Timestamp | null;
  ticket_requested: boolean;
}
/** Rules (migration 0012); conditions, clear conditions and recipients are JSON arrays. */
export interface RuleTable {
  id: string;
  name: string;
  description: string;
  device_kind: string;
  scope: number;
  oem_id: string;
  model_id: string | null;
  vehicle_id: string | null;
  condition_operator: number;
  conditions: Json<unknown[]>;
  clear_conditions: Json<unknown[]>;
  pending_seconds: number;
  cooldown_seconds: number;
  repeat_seconds: number;
  severity: number;
  delivery_methods: number;
  recipients: Json<string[]>;
  webhook_url: string | null;
  command_code: string | null;
  open_ticket: boolean;
  enabled: boolean;
  last_fired_at: Timestamp | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Support tickets (migration 0010); `escalated` and `events` are JSON arrays. */
export interface TicketTable {
  id: string;
  ref: string;
  title: string;
  description: string;
  status: number;
  priority: string;
  source: string;
  vehicle_id: string;
  device_id: string | null;
  fault_id: string | null;
  notification_id: string | null;
  dealer_id: string | null;
  assignee_id: string | null;
  created_by: string | null;
  created_by_name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: Timestamp | null;
  first_response_at: Timestamp | null;
  active_ms: ColumnType<string | number, number, number>;
  active_since: Timestamp | null;
  first_response_active_ms: ColumnType<string | number | null, number | null, number | null>;
  escalated: Json<string[]>;
  events: Json<unknown[]>;
}
/** A ticket's replies and internal notes (migration 0010); `attachments` is a JSON array. */
export interface TicketMessageTable {
  id: string;
  ticket_id: string;
  kind: string;
  body: string;
  author_id: string | null;
  author_name: string;
  author_role: string | null;
  attachments: Json<unknown[]>;
  created_at: Timestamp;
}
/** A vehicle's broker credential (decision 0117): the SHA-256 of its device secret. */
export interface VehicleCredentialTable {
  vehicle_id: string;
  secret_hash: string;
  created_at: Timestamp;
}
/** The job queue (migration 0029, decision 0127). */
export interface JobTable {
  key: string;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  run_at: Timestamp;
  locked_until: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
}

export interface SchemaMigrationTable {
  id: number;
  name: string;
  applied_at: Timestamp;
}

/** Firmware releases (migration 0013). */
export interface FirmwareReleaseTable {
  id: string;
  device_type: string;
  model_id: string | null;
  oem_id: string;
  version: string;
  replaces_release_id: string | null;
  replaces_version: string | null;
  file_name: string;
  file_size: number;
  sha256: string;
  notes: string;
  compatible_hardware: Json<string[]>;
  current_version_min: string | null;
  current_version_max: string | null;
  created_by: string;
  created_at: Timestamp;
}
/** Staged firmware rollouts with the state machine's state (migration 0013). */
export interface FirmwareRolloutTable {
  id: string;
  release_id: string;
  version: string;
  device_type: string;
  model_id: string | null;
  oem_id: string;
  target_kind: string;
  target_label: string;
  device_count: number;
  rollback_of: string | null;
  status: string;
  pause_reason: string | null;
  policy: Json<unknown>;
  wave_count: number;
  current_wave: number;
  wave_started_at: Timestamp;
  next_wave_at: Timestamp | null;
  threshold_resumed_wave: number | null;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  advanced_at: Timestamp;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Every device's firmware update, in a rollout or before (migration 0013). */
export interface OtaUpdateTable {
  id: string;
  rollout_id: string | null;
  release_id: string | null;
  device_id: string;
  device_serial: string;
  device_type: string;
  model_id: string | null;
  oem_id: string;
  vehicle_id: string | null;
  from_version: string;
  to_version: string;
  wave: number;
  phase: string;
  status: number;
  attempt: number;
  progress: number;
  waiting_reason: string | null;
  failure_reason: string | null;
  sent_at: Timestamp | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  last_report_at: Timestamp | null;
  created_at: Timestamp;
}
/** The messages logger devices sent (migration 0021). */
export interface HardwareLogTable {
  id: string;
  occurred_at: Timestamp;
  level: string;
  device_id: string;
  device_serial: string;
  vehicle_id: string | null;
  message: string;
}
/** The widget API (migration 0022, decision 0115). */
export interface SdkKeyTable {
  id: string;
  tenant_id: string;
  key: string;
  name: string;
  config: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface WidgetSessionTable {
  id: string;
  sdk_key_id: string;
  hash_sha256: string;
  user_id: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  value: number | null;
  lang: string | null;
  attributes: ColumnType<Record<string, unknown>, string | undefined, string>;
  custom_data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_seen_at: Timestamp;
}
export interface WidgetSessionEventTable {
  id: GeneratedAlways<string>;
  session_id: string;
  name: string;
  occurred_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  data: ColumnType<unknown, string | null, string | null>;
  received_at: Timestamp;
}

export interface FeedbackReportTable {
  id: string;
  sdk_key_id: string;
  tenant_id: string;
  session_id: string | null;
  client_id: string | null;
  type: string;
  priority: string | null;
  status: ColumnType<string, string | undefined, string>;
  description: string | null;
  reported_by: string | null;
  page_url: string | null;
  is_silent: boolean;
  outbound: string | null;
  /** The report's JSON text as received (a `json` column; pg answers it parsed). */
  body: ColumnType<unknown, string, string>;
  body_bytes: number;
  created_at: Timestamp;
  /** The ticket made from it (migration 0025, decision 0118). */
  ticket_id: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface WidgetUploadTable {
  id: string;
  sdk_key_id: string;
  tenant_id: string;
  session_id: string | null;
  file: string;
  file_name: string;
  type: string;
  size: number;
  created_at: Timestamp;
}

/** The widget's conversations (migration 0030, decision 0128): the id is the wire's `shareToken`. */
export interface WidgetConversationTable {
  id: string;
  tenant_id: string;
  sdk_key_id: string;
  session_id: string;
  report_id: string | null;
  title: string;
  unread_count: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface WidgetConversationMessageTable {
  id: string;
  conversation_id: string;
  seq: GeneratedAlways<string>;
  author_type: string;
  author_name: string;
  text: string;
  attachments: Json<unknown[]>;
  created_at: Timestamp;
}

/** A key's tooltips as the widget consumes them (migration 0032). */
export interface WidgetTooltipsTable {
  sdk_key_id: string;
  tooltips: Json<unknown[]>;
  updated_at: Timestamp;
}
/** A key's product tours by outbound id (migration 0032). */
export interface WidgetProductTourTable {
  sdk_key_id: string;
  outbound_id: string;
  status: string;
  config: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A vehicle's trips (migration 0019): every field of openapi.yaml's Trip, its start and end places two columns each. */
export interface TripTable {
  id: string;
  vehicle_id: string;
  status: number;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  distance_km: number;
  duration_min: number;
  energy_kwh: number;
  avg_speed_kmh: number;
  max_speed_kmh: number;
  start_lat: number;
  start_lng: number;
  end_lat: number;
  end_lng: number;
}
/** A trip's recorded positions (migration 0019), encoded by `db/route-codec.ts`. */
export interface TripRouteTable {
  trip_id: string;
  point_count: number;
  points: string;
}
/** A vehicle's saved places (migration 0019): Home 1, Office 2, Most frequent 3. */
export interface SavedLocationTable {
  id: string;
  vehicle_id: string;
  kind: number;
  name: string;
  lat: number;
  lng: number;
  visit_count: number;
  last_visited_at: Timestamp;
}
/** Telemetry runs and battery cycles (migration 0020, decision 0114). */
export interface TelemetryTable {
  subject_id: string;
  at: Timestamp;
  until: Timestamp;
  step_ms: number;
  values: Json<Record<string, number[]>>;
}
export interface BatteryCycleTable {
  id: string;
  bms_id: string;
  vehicle_id: string | null;
  cycle_index: number;
  status: number;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  start_soc: number;
  end_soc: number;
  energy_kwh: number;
  min_cell_voltage: number;
  max_cell_voltage: number;
  max_temperature_c: number;
  cells: ColumnType<{ t: number; voltages: number[]; temperatures: number[] }[] | null, string | null, string | null>;
}
/** The vehicles table's versions (migration 0026, decision 0122): the vehicle list's count cache checks them. */
export interface VehicleListVersionsTable {
  id: Generated<boolean>;
  stable: Generated<string>;
  live: Generated<string>;
}

export interface Database {
  oems: OemTable;
  dealers: DealerTable;
  fleets: FleetTable;
  ev_owners: EvOwnerTable;
  drivers: DriverTable;
  models: ModelTable;
  users: UserTable;
  roles: RoleTable;
  sessions: SessionTable;
  company_settings: CompanySettingsTable;
  api_keys: ApiKeyTable;
  login_failures: LoginFailureTable;
  audit: AuditTable;
  vehicles: VehicleTable;
  vehicle_list_versions: VehicleListVersionsTable;
  devices: DeviceTable;
  sims: SimTable;
  access_grants: AccessGrantTable;
  geofences: GeofenceTable;
  dashboards: DashboardTable;
  vehicle_activity_days: VehicleActivityDayTable;
  device_groups: DeviceGroupTable;
  group_owners: GroupOwnerView;
  faults: FaultTable;
  hardware_logs: HardwareLogTable;
  notifications: NotificationTable;
  rules: RuleTable;
  firmware_releases: FirmwareReleaseTable;
  firmware_rollouts: FirmwareRolloutTable;
  ota_updates: OtaUpdateTable;
  tickets: TicketTable;
  ticket_messages: TicketMessageTable;
  commands: CommandTable;
  trips: TripTable;
  trip_routes: TripRouteTable;
  saved_locations: SavedLocationTable;
  telemetry: TelemetryTable;
  battery_cycles: BatteryCycleTable;
  schema_migrations: SchemaMigrationTable;
  sdk_keys: SdkKeyTable;
  widget_sessions: WidgetSessionTable;
  widget_session_events: WidgetSessionEventTable;
  feedback_reports: FeedbackReportTable;
  widget_uploads: WidgetUploadTable;
  widget_conversations: WidgetConversationTable;
  widget_conversation_messages: WidgetConversationMessageTable;
  widget_tooltips: WidgetTooltipsTable;
  widget_product_tours: WidgetProductTourTable;
  vehicle_credentials: VehicleCredentialTable;
  jobs: JobTable;
}
