import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

/** From report to ticket (issue 38 item 4, decision 0118): `POST /feedback-reports/{id}/ticket`. */
let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

async function makeTicket(role: string, id: string, body: object) {
  const response = await server.call({
    method: 'POST',
    url: `/api/feedback-reports/${id}/ticket`,
    token: await server.tokenOf(role),
    payload: body,
  });
  expectContract('post', '/feedback-reports/{id}/ticket', response);
  return response;
}
async function getAs(role: string, url: string, path: string) {
  const response = await server.call({ method: 'GET', url: `/api${url}`, token: await server.tokenOf(role) });
  expectContract('get', path, response);
  return response;
}
const ticketsOf = async (reportId: string) =>
  (
    await db()
      .selectFrom('tickets')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('description', 'like', `%Widget report ${reportId} %`)
      .executeTakeFirstOrThrow()
  ).n;

describe('POST /feedback-reports/{id}/ticket', () => {
  test('opens a Widget ticket on the vehicle, linked both ways, with its SLA running; a second is 409', async () => {
    const created = await makeTicket('SA', 'rpt-demo-001', { vehicleId: 'veh-000002', priority: 'high' });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json();
    expect(ticket).toMatchObject({ source: 'widget', priority: 'high', vehicleId: 'veh-000002', status: 1 });
    expect(ticket.title.startsWith('Widget: ')).toBe(true);
    expect(ticket.description).toContain('Widget report rpt-demo-001 (');
    expect(ticket.sla.resolution).toMatchObject({ state: 'running' });
    expect(ticket.sla.resolution.targetMinutes).toBeGreaterThan(0);
    expect(ticket.events.map((e: { type: string }) => e.type)).toEqual(['created']);

    const report = (await getAs('SA', '/feedback-reports/rpt-demo-001', '/feedback-reports/{id}')).json();
    expect(report.ticket).toEqual({ id: ticket.id, ref: ticket.ref });
    const read = (await getAs('SA', `/tickets/${ticket.id}`, '/tickets/{id}')).json();
    expect(read.description).toContain('rpt-demo-001');
    const audit = await db().selectFrom('audit').select('summary').where('entity_id', '=', ticket.id).execute();
    expect(audit.map((a) => a.summary)).toEqual([`Opened ${ticket.ref} ${ticket.title}`]);

    const again = await makeTicket('SA', 'rpt-demo-001', { vehicleId: 'veh-000002' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(ticket.ref);
    expect(await ticketsOf('rpt-demo-001')).toBe(1);
  });

  test('two at once: one ticket, the other 409, nothing of it kept', async () => {
    const before = await db()
      .selectFrom('tickets')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const answers = await Promise.all([
      makeTicket('SA', 'rpt-demo-002', { vehicleId: 'veh-000002' }),
      makeTicket('SA', 'rpt-demo-002', { vehicleId: 'veh-000003' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const after = await db().selectFrom('tickets').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n + 1);
    expect(await ticketsOf('rpt-demo-002')).toBe(1);
  });

  test('a title given is kept; a vehicle not in scope or none is 400 and links nothing', async () => {
    const none = await makeTicket('SA', 'rpt-demo-003', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toHaveProperty('vehicleId');
    const wrong = await makeTicket('SA', 'rpt-demo-003', { vehicleId: 'veh-none' });
    expect(wrong.statusCode).toBe(400);
    expect((await getAs('SA', '/feedback-reports/rpt-demo-003', '/feedback-reports/{id}')).json().ticket).toBeNull();
    const titled = await makeTicket('SA', 'rpt-demo-003', { vehicleId: 'veh-000002', title: 'Map tiles blank' });
    expect(titled.statusCode).toBe(201);
    expect(titled.json().title).toBe('Map tiles blank');
  });

  test('without `fb` it is 403; another organisation’s report, or none, is 404', async () => {
    for (const role of ['DA', 'FA', 'BMSA']) {
      expect((await makeTicket(role, 'rpt-demo-004', { vehicleId: 'veh-000002' })).statusCode, role).toBe(403);
    }
    expect((await makeTicket('OEMA', 'rpt-demo-004', { vehicleId: 'veh-000002' })).statusCode).toBe(404);
    expect((await makeTicket('SA', 'rpt-none', { vehicleId: 'veh-000002' })).statusCode).toBe(404);
    expect(await ticketsOf('rpt-demo-004')).toBe(0);
  });
});
