// The vehicle list's total is kept per scope and filters while vehicles have not changed (decision 0122): every write
// is seen by the next read, whoever wrote it (the API, or SQL the server's code did not send, as the ingestion or
// another server sharing the database would), and one caller's total never answers another caller's scope.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

async function total(role: string, query = ''): Promise<number> {
  const response = await server.call({
    method: 'GET',
    url: `/api/vehicles${query}`,
    token: await server.tokenOf(role),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { total: number }).total;
}

/** The true count, straight from the database. */
async function counted(where: ReturnType<typeof sql<boolean>> = sql<boolean>`true`): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM vehicles WHERE ${where}`.execute(
    server.database.db,
  );
  return rows[0]?.n as number;
}

describe('the vehicle list total', () => {
  test('a vehicle created or deleted through the API is counted by the next read of every page', async () => {
    const token = await server.tokenOf('SA');
    const before = await total('SA');
    expect(await total('SA', '?page=2')).toBe(before);
    const created = await server.call({
      method: 'POST',
      url: '/api/vehicles',
      token,
      payload: {
        vin: 'TOTALVIN000000001',
        registrationNumber: 'KA01TT0001',
        modelId: 'mdl-ev-001',
        connectivity: '4G',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await total('SA', '?page=2')).toBe(before + 1);
    const removed = await server.call({ method: 'DELETE', url: `/api/vehicles/${created.json().id}`, token });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await total('SA')).toBe(before);
  });

  test('a write the server did not make (SQL, as the ingestion or another server) is seen by the next read', async () => {
    // A filter on what telemetry moves, and one on what it does not.
    const live = '?filter[stateCode]=F';
    const stable = '?filter[connectivity]=GSM';
    expect(await total('SA', live)).toBe(await counted(sql<boolean>`state_code IS NULL`));
    expect(await total('SA', stable)).toBe(await counted(sql<boolean>`connectivity = 'GSM'`));
    const { rows } = await sql<{
      id: string;
    }>`SELECT id FROM vehicles WHERE state_code IS NOT NULL AND connectivity <> 'GSM' ORDER BY id LIMIT 3`.execute(
      server.database.db,
    );
    const ids = rows.map((r) => r.id);
    expect(ids).toHaveLength(3);

    await sql`UPDATE vehicles SET state_code = NULL, is_live = true WHERE id IN (${sql.join(ids)})`.execute(
      server.database.db,
    );
    expect(await total('SA', live)).toBe(await counted(sql<boolean>`state_code IS NULL`));
    expect(await total('SA', stable)).toBe(await counted(sql<boolean>`connectivity = 'GSM'`));

    await sql`UPDATE vehicles SET connectivity = 'GSM' WHERE id IN (${sql.join(ids)})`.execute(server.database.db);
    expect(await total('SA', stable)).toBe(await counted(sql<boolean>`connectivity = 'GSM'`));

    // A write in a transaction that rolls back changes nothing, and one that commits is seen.
    await server.database.db
      .transaction()
      .execute(async (tx) => {
        await sql`DELETE FROM vehicles WHERE id = ${ids[0]}`.execute(tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await total('SA', stable)).toBe(await counted(sql<boolean>`connectivity = 'GSM'`));
    await server.database.db.transaction().execute(async (tx) => {
      await sql`UPDATE vehicles SET connectivity = '5G' WHERE id = ${ids[1]}`.execute(tx);
      await sql`UPDATE vehicles SET status = 1 - status WHERE id = ${ids[2]}`.execute(tx);
    });
    expect(await total('SA', stable)).toBe(await counted(sql<boolean>`connectivity = 'GSM'`));
  });

  test("one caller's total never answers another's scope, in either order", async () => {
    const query = '?filter[status]=1';
    const dealer = await sql<{ dealer_id: string }>`SELECT dealer_id FROM users WHERE email = 'da@voltline.demo'`
      .execute(server.database.db)
      .then((r) => r.rows[0]?.dealer_id as string);
    const oem = await sql<{ oem_id: string }>`SELECT oem_id FROM users WHERE email = 'oema@voltline.demo'`
      .execute(server.database.db)
      .then((r) => r.rows[0]?.oem_id as string);
    const everyone = await counted(sql<boolean>`status = 1`);
    const ofDealer = await counted(sql<boolean>`status = 1 AND dealer_id = ${dealer}`);
    const ofOem = await counted(sql<boolean>`status = 1 AND oem_id = ${oem}`);
    expect(new Set([everyone, ofDealer, ofOem]).size).toBe(3);
    for (let round = 0; round < 2; round++) {
      expect(await total('SA', query)).toBe(everyone);
      expect(await total('DA', query)).toBe(ofDealer);
      expect(await total('OEMA', query)).toBe(ofOem);
      expect(await total('DA', query)).toBe(ofDealer);
    }
  });
});
