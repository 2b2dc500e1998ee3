import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export interface OpenApiDocument {
  openapi: string;
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, { operationId?: string; security?: Record<string, string[]>[] }>>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The contract: portal/api/openapi.yaml (a build copies it next to the bundle). */
export function openApiPath(): string {
  const beside = new URL('./openapi.yaml', import.meta.url);
  try {
    readFileSync(beside);
    return fileURLToPath(beside);
  } catch {
    return fileURLToPath(new URL('../../../portal/api/openapi.yaml', import.meta.url));
  }
}

let cached: OpenApiDocument | undefined;

/** The parsed contract (read once per process; callers must not change it). */
export function loadOpenApi(): OpenApiDocument {
  cached ??= parse(readFileSync(openApiPath(), 'utf8')) as OpenApiDocument;
  return cached;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Every operationId with whether it needs a signed-in caller (its own `security`, else the document's). */
export function operationsOf(doc: OpenApiDocument): Map<string, { method: string; path: string; secured: boolean }> {
  const out = new Map<string, { method: string; path: string; secured: boolean }>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const security = operation.security ?? doc.security ?? [];
      out.set(operation.operationId, { method, path, secured: security.length > 0 });
    }
  }
  return out;
}
