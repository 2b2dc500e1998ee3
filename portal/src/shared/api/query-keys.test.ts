// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as factories from './query-keys';

const SRC = resolve(process.cwd(), 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|test-d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A key written as an array literal where a query, a cache write or an invalidation names it. */
const INLINE_KEY = /(queryKey\s*:\s*\[|(?:QueryData|Queries|QueryState)\(\s*\[)/;

describe('query keys', () => {
  test('every query key of the app comes from a factory in shared/api/query-keys.ts', () => {
    const inline = sourceFiles(SRC)
      .filter((path) => !path.endsWith('query-keys.ts'))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, i) => (INLINE_KEY.test(line) ? [`${relative(SRC, path)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(inline, 'use (or add) a key factory in shared/api/query-keys.ts').toEqual([]);
  });

  test("a key's second element is a kind, so an id can never collide with one", () => {
    const id = 'list';
    const keys = [
      factories.vehicleKeys.detail(id),
      factories.deviceKeys.detail(id),
      factories.modelKeys.detail(id),
      factories.faultKeys.detail(id),
      factories.geofenceKeys.one(id),
    ];
    for (const key of keys) expect(key[1]).toBe('detail');
    expect(factories.vehicleKeys.detail('list').slice(0, 2)).not.toEqual(factories.vehicleKeys.lists());
    expect(factories.commandKeys.forVehicle('list')[1]).toBe('vehicle');
  });

  test('children hang under their parent, so invalidating a vehicle refreshes its trips and locations', () => {
    const parent = factories.vehicleKeys.detail('veh-1');
    for (const child of [
      factories.vehicleKeys.trips('veh-1', { page: 1 }),
      factories.vehicleKeys.tripRoute('veh-1', 'trip-1'),
      factories.vehicleKeys.locations('veh-1'),
    ]) {
      expect(child.slice(0, parent.length)).toEqual([...parent]);
    }
    expect(factories.deviceKeys.cycles('bms-1', {}).slice(0, 3)).toEqual([...factories.deviceKeys.detail('bms-1')]);
  });

  test('every factory is keyed by its own resource', () => {
    const resources = Object.values(factories).map((f) => (f as { all: readonly string[] }).all[0]);
    expect(new Set(resources).size).toBe(resources.length);
  });
});
