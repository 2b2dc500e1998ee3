import { type BuildEnv, type Env, parseEnv, parseRuntimeConfig, type RuntimeConfig } from './env-schema';

export { type BuildEnv, ENV_DEFAULTS, type Env, parseEnv, parseRuntimeConfig, type RuntimeConfig } from './env-schema';

let current: Env | undefined;

/** The validated configuration (build-time values until `loadRuntimeConfig()` has run). */
export function getEnv(): Env {
  current ??= parseEnv(import.meta.env as BuildEnv, __DEMO__);
  return current;
}

/**
 * Loads `config.json` beside `index.html` once at start and applies it over the build-time values.
 * A missing file (or an HTML fallback page instead of JSON) keeps the build-time values; a file with invalid values throws.
 */
export async function loadRuntimeConfig(url = `${import.meta.env.BASE_URL}config.json`, fetcher = fetch): Promise<Env> {
  let runtime: RuntimeConfig = {};
  let response: Response | undefined;
  try {
    response = await fetcher(url, { cache: 'no-store' });
  } catch {
    // Offline or blocked: the build-time values still describe a working deployment.
    response = undefined;
  }
  const isJson = response?.ok && (response.headers.get('content-type') ?? '').includes('json');
  if (response && isJson) runtime = parseRuntimeConfig(await response.json());
  current = parseEnv(import.meta.env as BuildEnv, __DEMO__, runtime);
  return current;
}

/** Replaces the configuration (tests). */
export function setEnvForTests(env: Env | undefined): void {
  current = env;
}
