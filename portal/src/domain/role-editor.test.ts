import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ACTION, type ActionName, isPermissionKey, PERMISSION_KEYS } from './permissions';
import { applicableActions, bitsBeyond, keysByArea, normalizePermissions } from './role-editor';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

test('every key is in exactly one feature area', () => {
  const areas = keysByArea();
  const all = areas.flatMap((a) => a.keys);
  expect(all.sort()).toEqual([...PERMISSION_KEYS].sort());
  expect(areas.every((a) => a.keys.length > 0)).toBe(true);
});

test('every literal check of the code (key with an action) is a bit the editor offers for that key', () => {
  const root = join(__dirname, '..');
  const pattern = /(?:can|requirePermission|allows)\([^;]*?'([A-Za-z.]+)'\s*,\s*ACTION\.([A-Z_]+)/g;
  const found: string[] = [];
  for (const file of sourceFiles(root)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      const [, key, action] = match;
      if (!key || !action || !isPermissionKey(key)) continue;
      found.push(`${key} ${action}`);
      const bit = ACTION[action as ActionName];
      expect((applicableActions(key) & bit) !== 0, `${file}: ${key} with ${action}`).toBe(true);
    }
  }
  expect(found.length).toBeGreaterThan(20);
});

test('normalize keeps only applicable bits; bitsBeyond names what the editor lacks', () => {
  expect(normalizePermissions({ ah: ACTION.LIST | ACTION.GEOFENCE, mp: 0 })).toEqual({ ah: ACTION.LIST });
  expect(bitsBeyond({ ah: 3, s: 1 }, { ah: 1 })).toEqual({ ah: 2, s: 1 });
  expect(bitsBeyond({ ah: 1 }, { ah: 129 })).toEqual({});
});
