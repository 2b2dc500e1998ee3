import { expect, test } from 'vitest';
import { resetDemoWorld } from '../demo-control';
import { openWorldDb } from './db';
import { forgetWorldDb, getWorldDb, resetWorldDb } from './world-instance';

test('a created, an edited and a deleted row survive a reload', async () => {
  const db = await resetWorldDb();
  const [first, second] = db.tables.vehicles.all();
  db.tables.vehicles.update(first!.id, { registrationNumber: 'EDITED-1' });
  db.tables.vehicles.remove(second!.id);
  db.tables.oems.insert({ id: 'oem-new', name: 'New OEM', code: 'NEW', country: 'India', status: 1, createdAt: 1 });
  await db.persist();

  forgetWorldDb();
  const reloaded = await getWorldDb();
  expect(reloaded).not.toBe(db);
  expect(reloaded.tables.vehicles.get(first!.id)?.registrationNumber).toBe('EDITED-1');
  expect(reloaded.tables.vehicles.get(second!.id)).toBeUndefined();
  expect(reloaded.tables.oems.get('oem-new')?.name).toBe('New OEM');
  expect(reloaded.tables.vehicles.size).toBe(299);
});

test('reset restores the seed and forgets saved changes', async () => {
  const db = await getWorldDb();
  const first = db.tables.vehicles.all()[0]!;
  db.tables.vehicles.update(first.id, { registrationNumber: 'CHANGED' });
  await db.persist();

  await resetDemoWorld();
  forgetWorldDb();
  const fresh = await getWorldDb();
  expect(fresh.tables.vehicles.get(first.id)?.registrationNumber).toBe(first.registrationNumber);
});

test('saved changes of another world size are not applied', async () => {
  const db = await resetWorldDb({ seed: 1, size: 30 });
  const first = db.tables.vehicles.all()[0]!;
  db.tables.vehicles.update(first.id, { registrationNumber: 'SMALL-WORLD' });
  await db.persist();

  const bigger = await openWorldDb({ seed: 1, size: 40 });
  expect(bigger.tables.vehicles.get(first.id)?.registrationNumber).not.toBe('SMALL-WORLD');
  expect(bigger.tables.vehicles.size).toBe(40);
});

test('an edit replaces the row instead of mutating it', async () => {
  const db = await getWorldDb();
  const before = db.tables.vehicles.all()[0]!;
  const after = db.tables.vehicles.update(before.id, { soc: 12 });
  expect(after).not.toBe(before);
  expect(before.soc).not.toBe(12);
  expect(db.tables.vehicles.get(before.id)?.soc).toBe(12);
});

test('a world that follows the clock still applies the changes saved under an earlier hour', async () => {
  const db = await resetWorldDb();
  const first = db.tables.vehicles.all()[0]!;
  db.tables.vehicles.update(first.id, { registrationNumber: 'EARLIER-HOUR' });
  await db.persist();
  const later = await openWorldDb({ seed: 1, size: 300, referenceTime: Date.UTC(2026, 5, 1) });
  expect(later.tables.vehicles.get(first.id)?.registrationNumber).toBe('EARLIER-HOUR');
  expect(later.world.referenceTime).toBe(Date.UTC(2026, 5, 1));
});
