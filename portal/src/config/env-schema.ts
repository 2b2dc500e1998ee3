// zod/mini (issue 37 item 11): the configuration is validated before the first page renders.
import * as z from 'zod/mini';

/**
 * The portal's configuration: build-time `VITE_*` variables, overridden at run time by a `config.json` beside
 * `index.html` (one build serves many deployments). Validated once; read everywhere through `getEnv()` (`env.ts`).
 * This module is pure (no `import.meta.env`), so the Fleet API server's tests check its `/config.json` with it.
 */
/** A trimmed string; blank means not set. */
const blankIsUnset = z.pipe(
  z.string().check(z.trim()),
  z.transform((value: string) => (value === '' ? undefined : value)),
);

const optionalUrl = z.optional(z.pipe(blankIsUnset, z.optional(z.url())));

const configSchema = z.object({
  /** Base URL of the Fleet API: absolute, or a path on this origin. */
  apiUrl: z.string().check(
    z.trim(),
    z.minLength(1),
    z.refine((value) => value.startsWith('/') || URL.canParse(value), 'must be a URL or a path starting with /'),
  ),
  /** MQTT over WebSocket URL of the broker. */
  mqttUrl: z.string().check(
    z.trim(),
    z.refine((value) => /^wss?:\/\//.test(value) && URL.canParse(value), 'must be a ws:// or wss:// URL'),
  ),
  /** SDK key of the Voltline widget (the session-recording tag); none means the widget is not loaded. */
  widgetKey: z.optional(blankIsUnset),
  /** Widget API of the portal's own widget: absolute, or a path on this origin; none means the build's (or gleap's). */
  widgetApiUrl: z.optional(
    z.pipe(
      blankIsUnset,
      z.optional(
        z
          .string()
          .check(
            z.refine(
              (value) => value.startsWith('/') || /^https?:\/\//.test(value),
              'must be an http(s) URL or a path starting with /',
            ),
          ),
      ),
    ),
  ),
  /** Its WebSocket: a ws:// or wss:// URL. */
  widgetWsUrl: z.optional(
    z.pipe(
      blankIsUnset,
      z.optional(z.string().check(z.refine((value) => /^wss?:\/\//.test(value), 'must be a ws:// or wss:// URL'))),
    ),
  ),
  /** Its messenger frame (the report form): absolute, or a path on this origin. */
  widgetFrameUrl: z.optional(
    z.pipe(
      blankIsUnset,
      z.optional(
        z
          .string()
          .check(
            z.refine(
              (value) => value.startsWith('/') || /^https?:\/\//.test(value),
              'must be an http(s) URL or a path starting with /',
            ),
          ),
      ),
    ),
  ),
  /** Script URL of an analytics tag; none means no analytics. */
  analyticsUrl: optionalUrl,
  /** MapLibre style URL; none means the bundled offline style. */
  mapStyleUrl: optionalUrl,
  /** Demo mode: MSW answers the network from the demo world. */
  demo: z.boolean(),
});

export type Env = z.output<typeof configSchema>;

/** Keys a `config.json` may set (the demo flag is a property of the build and cannot be switched at run time). */
const runtimeSchema = z.strictObject(z.partial(z.omit(configSchema, { demo: true })).shape);
export type RuntimeConfig = z.output<typeof runtimeSchema>;

export const ENV_DEFAULTS = {
  apiUrl: '/api',
  mqttUrl: 'ws://127.0.0.1:9001',
} as const;

/** The build-time variables this module reads (a subset of `import.meta.env`). */
export interface BuildEnv {
  VITE_API_URL?: string;
  VITE_MQTT_URL?: string;
  VITE_WIDGET_KEY?: string;
  VITE_ANALYTICS_URL?: string;
  VITE_MAP_STYLE_URL?: string;
}

function describe(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/** Validates build-time variables plus run-time overrides (run-time wins); throws a readable error when invalid. */
export function parseEnv(build: BuildEnv, demo: boolean, runtime: RuntimeConfig = {}): Env {
  const blankToUndefined = (value: string | undefined) => (value?.trim() ? value : undefined);
  const merged = {
    apiUrl: blankToUndefined(build.VITE_API_URL) ?? ENV_DEFAULTS.apiUrl,
    mqttUrl: blankToUndefined(build.VITE_MQTT_URL) ?? ENV_DEFAULTS.mqttUrl,
    widgetKey: build.VITE_WIDGET_KEY,
    analyticsUrl: build.VITE_ANALYTICS_URL,
    mapStyleUrl: build.VITE_MAP_STYLE_URL,
    demo,
    ...runtime,
  };
  const result = configSchema.safeParse(merged);
  if (!result.success) throw new Error(`Invalid portal configuration: ${describe(result.error)}`);
  return result.data;
}

/** Validates the parsed content of `config.json`; throws a readable error when invalid. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const result = runtimeSchema.safeParse(value);
  if (!result.success) throw new Error(`Invalid config.json: ${describe(result.error)}`);
  return result.data;
}
