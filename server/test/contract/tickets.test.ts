import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type SlaTarget = { targetMinutes: number; remainingMs: number; state: string };
type Ticket = {
  id: string;
  ref: string;
  title: string;
  status: number;
  priority: string;
  source: string;
  vehicleId: string;
  faultId: string | null;
  dealerId: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  closedAt: string | null;
  firstResponseAt: string | null;
  messageCount: number;
  sla: { paused: boolean; firstResponse: SlaTarget; resolution: SlaTarget };
};
type Detail = Ticket & {
  messages: { kind: string; body: string; attachments: { name: string; size: number }[] }[];
  events: { type: string; summary: string }[];
  allowedStatuses: number[];
};
type Page = { items: Ticket[]; total: number };

const db = () => server.database.db;

async function list(role: string, query = ''): Promise<Page> {
  const response = await server.call({ method: 'GET', url: `/api/tickets${query}`, token: await server.tokenOf(role) });
  expectContract('get', '/tickets', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

async function get(role: string, id: string) {
  const response = await server.call({ method: 'GET', url: `/api/tickets/${id}`, token: await server.tokenOf(role) });
  expectContract('get', '/tickets/{id}', response);
  return response;
}

async function post(role: string, url: string, path: string, payload: object) {
  const response = await server.call({ method: 'POST', url: `/api${url}`, token: await server.tokenOf(role), payload });
  expectContract('post', path, response);
  return response;
}

const open = (role: string, body: object) => post(role, '/tickets', '/tickets', body);
const move = (role: string, id: string, body: object) =>
  post(role, `/tickets/${id}/status`, '/tickets/{id}/status', body);
const assign = (role: string, id: string, body: object) =>
  post(role, `/tickets/${id}/assign`, '/tickets/{id}/assign', body);
const message = (role: string, id: string, body: object) =>
  post(role, `/tickets/${id}/messages`, '/tickets/{id}/messages', body);

const NEW_TICKET = {
  title: 'Horn does not work',
  description: 'The horn stopped working yesterday.',
  priority: 'high',
  vehicleId: 'veh-000002',
};

async function opened(role = 'SA', body: object = NEW_TICKET): Promise<Detail> {
  const response = await open(role, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Detail;
}

const count = async (table: 'tickets' | 'ticket_messages' | 'audit' | 'faults') =>
  (await db().selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;

/** The rows a refused request must leave as they were. */
const snapshot = async () => ({
  tickets: await db().selectFrom('tickets').selectAll().orderBy('id').execute(),
  messages: await count('ticket_messages'),
  audit: await count('audit'),
});

async function patchAs(role: string, id: string, body: object) {
  const response = await server.call({
    method: 'PATCH',
    url: `/api/tickets/${id}`,
    token: await server.tokenOf(role),
    payload: body,
  });
  expectContract('patch', '/tickets/{id}', response);
  return response;
}

const entriesOf = (entityId: string) =>
  db().selectFrom('audit').selectAll().where('entity_id', '=', entityId).orderBy('seq').execute();

describe('list and scope', () => {
  test('every ticket but the deleted ones; filters, search, sorts (time left too) and paging in SQL', async () => {
    const all = await list('SA', '?pageSize=1000');
    const stored = await db().selectFrom('tickets').select('id').where('status', '<>', 5).execute();
    expect(all.total).toBe(stored.length);
    expect(all.total).toBeGreaterThan(8);
    expect(new Set(all.items.map((t) => t.status))).toEqual(new Set([1, 2, 3, 4, 6]));

    const closed = await list('SA', '?filter[status]=6&pageSize=1000');
    expect(closed.total).toBe(all.items.filter((t) => t.status === 6).length);
    const overdue = await list('SA', '?filter[overdue]=true&pageSize=1000');
    const breached = all.items.filter((t) => t.sla.resolution.state === 'breached' && t.status !== 6);
    expect(overdue.total).toBe(breached.length);
    expect(overdue.total).toBeGreaterThan(0);
    expect((await list('SA', '?filter[overdue]=false&pageSize=1000')).total).toBe(all.total - breached.length);

    const first = all.items[0] as Ticket;
    expect((await list('SA', `?q=${first.ref.toLowerCase()}`)).items.map((t) => t.id)).toEqual([first.id]);
    const unassigned = await list('SA', '?filter[assigneeId]=none&pageSize=1000');
    expect(unassigned.total).toBe(all.items.filter((t) => t.assigneeId === null).length);

    const ranks = { low: 1, medium: 2, high: 3, critical: 4 } as Record<string, number>;
    const byPriority = (await list('SA', '?sort=priority:desc&pageSize=1000')).items.map((t) => ranks[t.priority] ?? 0);
    expect(byPriority).toEqual([...byPriority].sort((a, b) => b - a));
    // Time left on the resolution target, ascending; met and stopped ones last.
    const due = (await list('SA', '?sort=dueAt:asc&pageSize=1000')).items.map((t) =>
      t.sla.resolution.state === 'met' || t.sla.resolution.state === 'stopped' ? null : t.sla.resolution.remainingMs,
    );
    const known = due.filter((d): d is number => d !== null);
    expect(due.slice(0, known.length)).toEqual(known);
    for (let i = 1; i < known.length; i += 1) expect(known[i]).toBeGreaterThanOrEqual((known[i - 1] as number) - 1000);

    const paged = await list('SA', '?pageSize=5&page=2');
    expect(paged.items.map((t) => t.id)).toEqual(
      (await list('SA', '?pageSize=10')).items.slice(5, 10).map((t) => t.id),
    );
    const bad = await server.call({
      method: 'GET',
      url: '/api/tickets?filter[priority]=urgent',
      token: await server.tokenOf('SA'),
    });
    expectContract('get', '/tickets', bad);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_query' });
  });

  test("a service centre admin sees its centre's; an employee those assigned to them or nobody; a driver its vehicles'", async () => {
    const centre = await list('DA', '?pageSize=1000');
    const own = await db()
      .selectFrom('tickets')
      .select('id')
      .where('dealer_id', '=', 'dlr-0001')
      .where('status', '<>', 5)
      .execute();
    expect(centre.total).toBe(own.length);
    expect(centre.total).toBeGreaterThan(0);
    const employee = await list('DE', '?pageSize=1000');
    expect(
      employee.items.every((t) => t.dealerId === 'dlr-0001' && (t.assigneeId === null || t.assigneeId === 'usr-de')),
    ).toBe(true);
    expect(employee.total).toBeLessThan(centre.total);

    const driver = await list('DR', '?pageSize=1000');
    const vehicles = await db().selectFrom('vehicles').select('id').where('driver_id', '=', 'drv-00001').execute();
    const mine = new Set(vehicles.map((v) => v.id));
    expect(driver.total).toBeGreaterThan(0);
    expect(driver.items.every((t) => mine.has(t.vehicleId))).toBe(true);
    // Component staff see the ones they opened: none yet.
    expect((await list('GPSA')).total).toBe(0);

    const stranger = (await list('SA', '?pageSize=1000')).items.find((t) => !mine.has(t.vehicleId)) as Ticket;
    const hidden = await get('DR', stranger.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'not_found' });
    expect((await get('DR', 'tkt-nope')).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/tickets' })).statusCode).toBe(401);
  });
});

describe('open', () => {
  test('a driver opens one on their vehicle: New, in its service centre, the next reference, audited', async () => {
    const before = await db().selectFrom('tickets').select('ref').execute();
    const highest = Math.max(...before.map((t) => Number(t.ref.slice(4))));
    const t = await opened('DR');
    expect(t).toMatchObject({ status: 1, dealerId: 'dlr-0001', assigneeId: null, source: 'manual', messageCount: 0 });
    expect(t.ref).toBe(`TCK-${highest + 1}`);
    expect(t.sla.resolution).toMatchObject({ targetMinutes: 480, state: 'running' });
    expect(t.allowedStatuses).toEqual([2, 3, 6, 5]);
    expect(t.events.map((e) => e.type)).toEqual(['created']);
    const [entry] = await entriesOf(t.id);
    expect(entry).toMatchObject({ entity: 'Ticket', action: 'Add', user_id: 'usr-dr' });
    const { sla: _sla, ...rest } = t;
    expect((await get('DR', t.id)).json()).toMatchObject(rest);
  });

  test('field errors, 403 for a driver naming a service centre: nothing written', async () => {
    const was = await snapshot();
    const bad = await open('DR', {
      title: ' ',
      description: 'x',
      priority: 'high',
      vehicleId: 'veh-000001',
      faultId: 'flt-nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      title: 'Enter a title.',
      vehicleId: 'Choose one of your vehicles.',
      faultId: 'That fault is not of this vehicle.',
    });
    const assigns = await open('DR', { ...NEW_TICKET, dealerId: 'dlr-0001' });
    expect(assigns.statusCode).toBe(403);
    const missing = await open('SA', { title: 'No vehicle', description: 'x', priority: 'low' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('vehicleId');
    expect(await snapshot()).toEqual(was);
  });

  test('the platform names another service centre and a person of it', async () => {
    const staff = await db()
      .selectFrom('users')
      .select(['id', 'dealer_id'])
      .where('role', 'in', ['DA', 'DE'])
      .where('dealer_id', '=', 'dlr-0002')
      .executeTakeFirstOrThrow();
    const t = await opened('SA', { ...NEW_TICKET, dealerId: 'dlr-0002', assigneeId: staff.id });
    expect(t).toMatchObject({ dealerId: 'dlr-0002', assigneeId: staff.id });
    const wrong = await open('SA', { ...NEW_TICKET, dealerId: 'dlr-0002', assigneeId: 'usr-de' });
    expect(wrong.json().fieldErrors).toEqual({ assigneeId: 'Choose someone of that service centre.' });
  });
});

test('component staff see the tickets they opened, and no other', async () => {
  const t = await opened('GPSA');
  expect((await list('GPSA')).items.map((x) => x.id)).toEqual([t.id]);
  const other = (await list('SA')).items.find((x) => x.id !== t.id) as Ticket;
  expect((await get('GPSA', other.id)).statusCode).toBe(404);
});

describe('status moves and the SLA clock', () => {
  test('allowed moves pass, refused ones are 409 naming the allowed ones and write nothing', async () => {
    const t = await opened();
    expect((await move('SA', t.id, { status: 2 })).json()).toMatchObject({ status: 2, allowedStatuses: [3, 6] });
    const was = await snapshot();
    const refused = await move('SA', t.id, { status: 4 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A In-Progress ticket can only move to Hold, Closed, not to Reopen.');
    const bad = await move('SA', t.id, { status: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', fieldErrors: { status: expect.any(String) } });
    // A service centre employee works tickets but may not delete them; a driver may not move them.
    expect((await move('DE', t.id, { status: 5 })).statusCode).toBe(403);
    expect((await move('DR', t.id, { status: 3 })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(was);

    const closed = (await move('SA', t.id, { status: 6, note: 'Fixed' })).json() as Detail;
    expect(closed.closedAt).not.toBeNull();
    expect(closed.sla.resolution.state).toBe('met');
    expect(closed.events.at(-1)?.summary).toBe('In-Progress -> Closed: Fixed');
    const reopened = (await move('SA', t.id, { status: 4 })).json() as Detail;
    expect(reopened).toMatchObject({ status: 4, closedAt: null, allowedStatuses: [2, 3, 6] });
    const actions = (await entriesOf(t.id)).map((e) => e.action);
    expect(actions).toEqual(['Add', 'Change Status', 'Change Status', 'Change Status']);
  });

  test('two moves at once: one is made and audited, the other is 409; the history keeps every event', async () => {
    const t = await opened();
    const [a, b] = await Promise.all([move('SA', t.id, { status: 6 }), move('DA', t.id, { status: 2 })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const moves = (await entriesOf(t.id)).filter((e) => e.action === 'Change Status');
    expect(moves).toHaveLength(1);
    // An assignment and a message at once both stay in the history.
    const fresh = await opened('DA');
    await Promise.all([
      assign('DA', fresh.id, { dealerId: 'dlr-0001', assigneeId: 'usr-de' }),
      patchAs('DA', fresh.id, { priority: 'low' }),
    ]);
    const history = ((await get('DA', fresh.id)).json() as Detail).events.map((e) => e.type).sort();
    expect(history).toEqual(['assigned', 'created', 'priority']);
  });

  test('the clock pauses on Hold and runs again after', async () => {
    const t = await opened();
    const held = (await move('SA', t.id, { status: 3 })).json() as Detail;
    expect(held.sla).toMatchObject({ paused: true, resolution: { state: 'paused' } });
    await new Promise((r) => setTimeout(r, 30));
    expect(((await get('SA', t.id)).json() as Detail).sla.resolution.remainingMs).toBe(held.sla.resolution.remainingMs);
    await move('SA', t.id, { status: 2 });
    await new Promise((r) => setTimeout(r, 30));
    const running = (await get('SA', t.id)).json() as Detail;
    expect(running.sla.resolution.remainingMs).toBeLessThan(held.sla.resolution.remainingMs);
  });

  test('a missed target is escalated once on the next read: an event and a notification to the service centre admin', async () => {
    const t = await opened('SA', { ...NEW_TICKET, priority: 'critical' });
    // Five hours of running clock: past both critical targets (30 min, 4 h).
    await db()
      .updateTable('tickets')
      .set({ active_since: new Date(Date.now() - 5 * 3_600_000) })
      .where('id', '=', t.id)
      .execute();
    const audit = await count('audit');
    const first = (await get('DR', t.id)).json() as Detail;
    const escalations = first.events.filter((e) => e.type === 'escalated');
    expect(escalations.map((e) => e.summary)).toEqual([
      expect.stringMatching(/^The first response target of 30 min was missed; escalated to .*service centre admin/),
      expect.stringMatching(/^The resolution target of 240 min was missed; escalated to .*service centre admin/),
    ]);
    const again = (await list('SA', `?q=${t.ref}`)).items[0] as Ticket;
    expect(again.sla.resolution.state).toBe('breached');
    expect(((await get('SA', t.id)).json() as Detail).events.filter((e) => e.type === 'escalated')).toHaveLength(2);
    const sent = await db()
      .selectFrom('notifications')
      .select(['id', 'title', 'rule_name', 'vehicle_id'])
      .where('id', 'like', `ntf-tkt-${t.id}-%`)
      .orderBy('sent_at')
      .execute();
    expect(sent.map((n) => n.title)).toEqual([
      `${t.ref} missed its first response target`,
      `${t.ref} missed its resolution target`,
    ]);
    expect(sent.every((n) => n.rule_name === 'Ticket SLA escalation' && n.vehicle_id === t.vehicleId)).toBe(true);
    // System events: not in the audit log of what people did.
    expect(await count('audit')).toBe(audit);
    // A ticket on hold is not escalated: its clock does not run.
    const held = await opened('SA', { ...NEW_TICKET, priority: 'critical' });
    await move('SA', held.id, { status: 3 });
    await db()
      .updateTable('tickets')
      .set({ active_ms: 5 * 3_600_000 })
      .where('id', '=', held.id)
      .execute();
    expect(((await get('SA', held.id)).json() as Detail).events.filter((e) => e.type === 'escalated')).toEqual([]);
  });

  test('closing the ticket of a fault clears the fault through the fault store, audited in the same transaction', async () => {
    const fault = await db()
      .selectFrom('faults')
      .select(['id', 'vehicle_id', 'code'])
      .where('cleared_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const t = await opened('SA', { ...NEW_TICKET, vehicleId: fault.vehicle_id, faultId: fault.id, source: 'fault' });
    expect(t.faultId).toBe(fault.id);
    const closed = (await move('SA', t.id, { status: 6 })).json() as Detail;
    expect(closed.events.at(-1)?.summary).toMatch(new RegExp(`^Fault ${fault.code} .* cleared$`));
    const row = await db()
      .selectFrom('faults')
      .select('cleared_at')
      .where('id', '=', fault.id)
      .executeTakeFirstOrThrow();
    expect(row.cleared_at).not.toBeNull();
    const [entry] = await entriesOf(fault.id);
    expect(entry).toMatchObject({ entity: 'Fault', action: 'Update' });
    // Closing it again after a reopen leaves the fault as it was.
    await move('SA', t.id, { status: 4 });
    const faultAudit = (await entriesOf(fault.id)).length;
    await move('SA', t.id, { status: 6 });
    expect((await entriesOf(fault.id)).length).toBe(faultAudit);
  });
});

describe('assign', () => {
  test('a service centre admin lists and assigns to its own staff only; closed tickets are 409', async () => {
    const people = await server.call({
      method: 'GET',
      url: '/api/tickets/assignees',
      token: await server.tokenOf('DA'),
    });
    expectContract('get', '/tickets/assignees', people);
    expect(people.json().dealers.map((d: { id: string }) => d.id)).toEqual(['dlr-0001']);
    expect(people.json().staff.map((s: { id: string }) => s.id)).toContain('usr-de');
    const denied = await server.call({
      method: 'GET',
      url: '/api/tickets/assignees',
      token: await server.tokenOf('DR'),
    });
    expect(denied.statusCode).toBe(403);

    const t = await opened('DA');
    const ok = await assign('DA', t.id, { dealerId: 'dlr-0001', assigneeId: 'usr-de' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ assigneeId: 'usr-de', assigneeName: expect.any(String) });
    const was = await snapshot();
    expect((await assign('DA', t.id, { dealerId: 'dlr-0002' })).json().fieldErrors).toEqual({
      dealerId: 'Choose a service centre you may assign to.',
    });
    expect((await assign('DA', t.id, { dealerId: 'dlr-0001', assigneeId: 'usr-sa' })).json().fieldErrors).toEqual({
      assigneeId: 'Choose someone of that service centre.',
    });
    expect((await assign('DR', t.id, { dealerId: 'dlr-0001' })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(was);
    const [, entry] = await entriesOf(t.id);
    expect(entry).toMatchObject({ entity: 'Ticket Assignment', action: 'Assign' });

    await move('DA', t.id, { status: 6 });
    const closed = await assign('DA', t.id, { dealerId: 'dlr-0001' });
    expect(closed.statusCode).toBe(409);
  });
});

describe('edit and conversation', () => {
  test('staff edit title and priority (a new priority keeps the clock); drivers may not; out of scope is 404', async () => {
    const t = await opened('DR');
    const patch = (role: string, body: object, id = t.id) => patchAs(role, id, body);
    expect((await patch('DR', { title: 'Mine' })).statusCode).toBe(403);
    const edited = await patch('DA', { title: 'Horn silent', priority: 'critical' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Horn silent', priority: 'critical' });
    expect(edited.json().sla.resolution.targetMinutes).toBe(240);
    expect(edited.json().events.map((e: { type: string }) => e.type)).toEqual(['created', 'priority', 'edited']);
    expect((await patch('DA', { priority: 'urgent' })).statusCode).toBe(400);
    const other = (await list('SA', '?pageSize=1000')).items.find((x) => x.dealerId !== 'dlr-0001') as Ticket;
    expect((await patch('DA', { title: 'x' }, other.id)).statusCode).toBe(404);
  });

  test('drivers never see internal notes and may not write them; the first staff reply stops the clock', async () => {
    const t = await opened('DR');
    await message('DA', t.id, { kind: 'note', body: 'Check the fuse box.' });
    const reply = await message('DA', t.id, { kind: 'reply', body: 'We are on it.' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ messageCount: 2, sla: { firstResponse: { state: 'met' } } });
    expect(reply.json().firstResponseAt).not.toBeNull();
    const seen = (await get('DR', t.id)).json() as Detail;
    expect(seen.messages.map((m) => m.body)).toEqual(['We are on it.']);
    expect(seen.messageCount).toBe(1);
    expect((await list('DR', `?q=${t.ref}`)).items[0]?.messageCount).toBe(1);
    const was = await snapshot();
    expect((await message('DR', t.id, { kind: 'note', body: 'x' })).statusCode).toBe(403);
    const big = await message('DA', t.id, {
      kind: 'reply',
      body: 'Big',
      attachments: [{ name: 'big.png', type: 'image/png', dataUrl: `data:image/png;base64,${'A'.repeat(800_000)}` }],
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().fieldErrors.attachments).toBe('big.png is 586 KB; attachments may be at most 512 KB.');
    expect(await snapshot()).toEqual(was);
    const photo = await message('DR', t.id, {
      kind: 'reply',
      body: 'Photo',
      attachments: [{ name: 'dash.png', type: 'image/png', dataUrl: `data:image/png;base64,${btoa('x'.repeat(300))}` }],
    });
    expect(photo.json().messages.at(-1).attachments[0]).toMatchObject({ name: 'dash.png', size: 300 });
    // Three files at the contract's limit (512 KB each, about 2 MB as data URLs) fit in one message.
    const full = `data:application/pdf;base64,${'A'.repeat(699_048)}`;
    const three = await message('DA', t.id, {
      kind: 'note',
      body: 'Reports',
      attachments: [1, 2, 3].map((i) => ({ name: `r${i}.pdf`, type: 'application/pdf', dataUrl: full })),
    });
    expect(three.statusCode, three.body.slice(0, 200)).toBe(201);
    const conversation = (await entriesOf(t.id)).filter((e) => e.entity === 'Ticket Conversation');
    expect(conversation).toHaveLength(4);

    await move('SA', t.id, { status: 5 });
    expect((await message('DA', t.id, { kind: 'reply', body: 'late' })).statusCode).toBe(409);
  });
});
