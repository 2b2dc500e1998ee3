import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const servicesDir = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const FORBIDDEN = /^(node:|fastify|@fastify\/|pg$|pg\/|kysely|@electric-sql\/|msw|aedes|ws$|mqtt|pino)/;

test('services import nothing from fastify, pg, kysely, msw, the broker or node:*: the browser demo runs them too', () => {
  const offenders: string[] = [];
  for (const file of sourceFiles(servicesDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'/g)) {
      const specifier = match[1] ?? '';
      if (FORBIDDEN.test(specifier)) offenders.push(`${file.slice(servicesDir.length)}: ${specifier}`);
      // Within the server, services reach only other services (and the portal's domain through '@/').
      if (specifier.startsWith('../../') || /^\.\.\/(db|http|live|security)\b/.test(specifier)) {
        offenders.push(`${file.slice(servicesDir.length)}: ${specifier}`);
      }
    }
  }
  expect(offenders).toEqual([]);
});

test('services reach into the portal only for its domain, config and generated API types, never its mocks', () => {
  const offenders: string[] = [];
  for (const file of sourceFiles(servicesDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s+'@\/([^']+)'/g)) {
      const path = match[1] ?? '';
      if (!/^(domain|config)\/|^shared\/api\/schema$|^shared\/lib\/live\/demo-region$/.test(path)) {
        offenders.push(`${file.slice(servicesDir.length)}: @/${path}`);
      }
    }
  }
  expect(offenders).toEqual([]);
});
