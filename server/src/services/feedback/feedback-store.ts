/**
 * What the widget API's services read and write (decision 0115): SDK keys, the widget's sessions, the reports it sends
 * and the files it uploads. On the server these are SQL repositories and files under DATA_DIR.
 */

/** An organisation's SDK key (`Api-Token`). Public by design: it sits in every integrator's page. */
export interface StoredSdkKey {
  id: string;
  /** The organisation the key belongs to: `platform` or an OEM id, as company settings. */
  tenantId: string;
  key: string;
  name: string;
  /** The flowConfig edited in Settings; undefined for the default. */
  config: Record<string, unknown> | undefined;
  revokedAt: string | null;
}

export interface SdkKeyStore {
  /** The key with this value, revoked or not; undefined when no key has it. */
  byKey(key: string): Promise<StoredSdkKey | undefined>;
}

export interface FeedbackDeps {
  sdkKeys: SdkKeyStore;
  now: () => Date;
}
