import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getResponse, HttpResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { createHandlers } from '@/mocks/handlers';
import { server } from '@/mocks/node';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });

/**
 * rrweb's Replayer refuses to rebuild a page outside a frame sandboxed with exactly `allow-same-origin`, which jsdom's
 * frames cannot show it (no `sandbox` token list); the real player is seen in a browser (Playwright). Here a stand-in
 * records what the page hands it and how it drives it.
 */
const replayers = vi.hoisted(
  () => [] as { events: { type: number; timestamp: number }[]; root: HTMLElement; calls: string[] }[],
);
vi.mock('rrweb', () => ({
  Replayer: class {
    private readonly state: (typeof replayers)[number];
    constructor(events: { type: number; timestamp: number }[], config: { root: HTMLElement }) {
      this.state = { events, root: config.root, calls: [] };
      replayers.push(this.state);
    }
    on() {
      return this;
    }
    getMetaData() {
      const times = this.state.events.map((e) => e.timestamp);
      return {
        startTime: Math.min(...times),
        endTime: Math.max(...times),
        totalTime: Math.max(...times) - Math.min(...times),
      };
    }
    getCurrentTime() {
      return 0;
    }
    play(offset = 0) {
      this.state.calls.push(`play ${offset}`);
    }
    pause() {
      this.state.calls.push('pause');
    }
    destroy() {
      this.state.calls.push('destroy');
    }
  },
}));
beforeAll(preloadPages, 60_000);
afterEach(() => {
  server.events.removeAllListeners();
});

async function openAs(role: RoleCode, path: string) {
  const { store } = await signInWithDemoWorld(role);
  return renderApp(path, { store });
}

describe('feedback report', () => {
  test('shows the description, reporter, snapshot, logs as tables, custom data and metadata', async () => {
    await openAs('SA', '/feedback/rpt-demo-001');
    const report = await screen.findByRole('table', { name: 'Report' });
    expect(report).toHaveTextContent('The vehicle list stays on "Loading…" after I filter by Charging');
    expect(report).toHaveTextContent('HIGH');
    expect(report).toHaveTextContent('Voltline portal');
    expect(screen.getByRole('table', { name: 'Reporter' })).toHaveTextContent('fa@voltline.demo');

    // The snapshot in a frame that runs nothing (no `allow-scripts`), at the visitor's viewport (1280 x 800).
    const frame = screen.getByTitle('Page snapshot');
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('Voltline · Vehicle Management');
    expect([frame.getAttribute('width'), frame.getAttribute('height')]).toEqual(['1280', '800']);

    const consoleRows = within(screen.getByRole('table', { name: 'Console log' }))
      .getAllByRole('row')
      .slice(1);
    expect(consoleRows).toHaveLength(3);
    expect(consoleRows[2]).toHaveTextContent('ERROR');
    expect(consoleRows[2]).toHaveTextContent('TypeError: Cannot read properties of undefined');
    const networkRows = within(screen.getByRole('table', { name: 'Network log' }))
      .getAllByRole('row')
      .slice(1);
    expect(networkRows).toHaveLength(2);
    expect(networkRows[1]).toHaveTextContent('504');
    expect(networkRows[1]).toHaveTextContent('4210 ms');

    expect(screen.getByRole('region', { name: 'Page views' })).toHaveTextContent(
      'No page views: the report came without a widget session',
    );
    expect(screen.getByRole('table', { name: 'Custom data' })).toHaveTextContent('Fleet Pro');
    expect(screen.getByRole('table', { name: 'Metadata' })).toHaveTextContent('14.2.11');
    expect(screen.getByRole('table', { name: 'Custom events' })).toHaveTextContent('filterApplied');
  });

  test("the replay's events load when asked and go to rrweb's player, which the buttons drive", async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/replay')) seen.push(path);
    });
    await openAs('SA', '/feedback/rpt-demo-001');
    const section = await screen.findByRole('region', { name: 'Session replay' });
    expect(section).toHaveTextContent('42 recorded events');
    expect(seen).toEqual([]);
    await userEvent.click(within(section).getByRole('button', { name: 'Play the replay' }));
    // 41 steps of 400 ms after the first event.
    expect(await within(section).findByText('0:00 / 0:16', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(seen).toEqual(['/api/feedback-reports/rpt-demo-001/replay']);
    const player = replayers.at(-1);
    expect(player?.root).toBe(within(section).getByTestId('replay-stage'));
    // The recorded events as the widget sent them: a meta event, the full snapshot of the page, then what changed.
    expect(player?.events).toHaveLength(42);
    expect(player?.events.slice(0, 2).map((e) => e.type)).toEqual([4, 2]);
    expect(JSON.stringify(player?.events[1])).toContain('Voltline · Vehicle Management');
    await userEvent.click(within(section).getByRole('button', { name: 'Play' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Pause' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Restart' }));
    expect(player?.calls).toEqual(['play 0', 'pause', 'play 0']);
    expect(within(section).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  test('a report without a replay says so, and offers no player', async () => {
    await openAs('SA', '/feedback/rpt-demo-002');
    const section = await screen.findByRole('region', { name: 'Session replay' });
    expect(section).toHaveTextContent('No session replay was sent with this report.');
    expect(within(section).queryByRole('button')).toBeNull();
  });

  test('a report without a screenshot, description or custom data says so', async () => {
    await openAs('SA', '/feedback/rpt-demo-003');
    expect(await screen.findByText('No screenshot was sent with this report.')).toBeInTheDocument();
    expect(screen.getByText('Sent by the page without the visitor (no description).')).toBeInTheDocument();
    expect(screen.getByText('No custom data was sent.')).toBeInTheDocument();
  });

  test("the pages the reporter's session visited are a table", async () => {
    server.use(
      http.get('/api/feedback-reports/rpt-with-session', () =>
        HttpResponse.json({
          id: 'rpt-with-session',
          type: 'BUG',
          status: 'OPEN',
          priority: 'LOW',
          description: 'The map is blank',
          reportedBy: 'asha@oem.example',
          pageUrl: 'https://oem.example/map',
          sdkKeyId: 'sdk-oem',
          sdkKeyName: 'OEM site',
          isSilent: false,
          createdAt: '2026-03-01T10:00:00.000Z',
          reporter: { name: 'Asha Rao', email: 'asha@oem.example', userId: 'u-7' },
          formData: {},
          consoleLogs: [],
          networkLogs: [],
          customEvents: [],
          customData: {},
          metaData: {},
          tags: [],
          screenshot: null,
          screenRecordingUrl: null,
          replay: null,
          pageViews: [
            { page: 'https://oem.example/', date: '2026-03-01T09:59:10.000Z' },
            { page: 'https://oem.example/map', date: '2026-03-01T09:59:40.000Z' },
          ],
          bodyBytes: 120,
        }),
      ),
    );
    await openAs('SA', '/feedback/rpt-with-session');
    const rows = within(await screen.findByRole('table', { name: 'Page views' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'https://oem.example/',
      'https://oem.example/map',
    ]);
    expect(screen.getByRole('table', { name: 'Reporter' })).toHaveTextContent('Asha Rao');
    expect(screen.getByText('No console messages were sent.')).toBeInTheDocument();
  });

  test("another organisation's report is not found", async () => {
    await openAs('OEMA', '/feedback/rpt-demo-001');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report could not be loaded');
    expect(alert).toHaveTextContent(/not found/i);
  });

  test('"Create ticket" asks for the vehicle, makes the Widget ticket, then the report links to it', async () => {
    await openAs('SA', '/feedback/rpt-demo-001');
    const report = await screen.findByRole('table', { name: 'Report' });
    expect(report).toHaveTextContent('None yet');
    await userEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    const modal = await screen.findByRole('dialog', { name: 'Create a ticket from this report' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Create ticket' }));
    expect(await within(modal).findByText('Choose the vehicle the report is about.')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('textbox', { name: 'Vehicle' }));
    const options = await screen.findAllByRole('option', { name: / · KA/ }, { timeout: 5000 });
    const option = options.find((o) => o.tagName !== 'OPTION');
    if (!option) throw new Error('no vehicle option');
    await userEvent.click(option);
    await userEvent.click(within(modal).getByRole('button', { name: 'Create ticket' }));
    const link = await screen.findByRole('link', { name: /^Ticket TCK-\d+$/ }, { timeout: 10_000 });
    const ref = link.textContent?.replace('Ticket ', '') ?? '';
    expect(link.getAttribute('href')).toMatch(/^\/tickets\?ticket=tkt-/);
    expect(within(report).getByRole('link', { name: ref })).toHaveAttribute('href', link.getAttribute('href'));
    expect(screen.queryByRole('button', { name: 'Create ticket' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Create a ticket from this report' })).not.toBeInTheDocument();
  });

  test('a refused "Create ticket" shows why and keeps the form', async () => {
    server.use(
      http.post('/api/feedback-reports/rpt-demo-002/ticket', () =>
        HttpResponse.json(
          { code: 'conflict', message: 'This report has a ticket already: TCK-1234.' },
          { status: 409 },
        ),
      ),
    );
    await openAs('SA', '/feedback/rpt-demo-002');
    await userEvent.click(await screen.findByRole('button', { name: 'Create ticket' }));
    const modal = await screen.findByRole('dialog', { name: 'Create a ticket from this report' });
    await userEvent.click(within(modal).getByRole('textbox', { name: 'Vehicle' }));
    const options = await screen.findAllByRole('option', { name: / · KA/ }, { timeout: 5000 });
    const option = options.find((o) => o.tagName !== 'OPTION');
    if (!option) throw new Error('no vehicle option');
    await userEvent.click(option);
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Title' }), 'Stuck list');
    await userEvent.click(within(modal).getByRole('button', { name: 'Create ticket' }));
    const alert = await within(modal).findByRole('alert');
    expect(alert).toHaveTextContent('The ticket was not created');
    expect(alert).toHaveTextContent('This report has a ticket already: TCK-1234.');
    expect(within(modal).getByRole('textbox', { name: 'Title' })).toHaveValue('Stuck list');
  });

  test("the visitor's conversation: a report without one says so (the demo answers 404 from the services)", async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/conversation')) asked.push(request.url);
    });
    await openAs('SA', '/feedback/rpt-demo-003');
    const section = await screen.findByRole('region', { name: 'Conversation with the visitor' });
    expect(await within(section).findByText(/This report started no conversation/)).toBeInTheDocument();
    expect(within(section).queryByRole('textbox', { name: /Reply to the visitor/ })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  test("the visitor's conversation is shown, and a reply sent to the visitor appears in it", async () => {
    const message = (id: string, type: 'contact' | 'agent' | 'bot', name: string, text: string) => ({
      id,
      author: { type, name },
      text,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    const conversation = {
      shareToken: 'c-1',
      title: 'The map',
      unreadCount: 1,
      messages: [
        message('m1', 'contact', 'Grace', 'The map stays blank'),
        message('m2', 'bot', 'Volt', 'Thanks! We received your bug report and will answer here.'),
      ],
    };
    const sent: unknown[] = [];
    // The demo's report as the world answers it, naming a conversation (the world's reports have none).
    const world = createHandlers();
    server.use(
      http.get('/api/feedback-reports/rpt-demo-001', async ({ request }) => {
        const answer = await getResponse(world, request);
        const report = (await answer?.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...report, conversation: { shareToken: 'c-1', unreadCount: 1 } });
      }),
      http.get('/api/feedback-reports/rpt-demo-001/conversation', () => HttpResponse.json(conversation)),
      http.post('/api/feedback-reports/rpt-demo-001/conversation/messages', async ({ request }) => {
        const body = (await request.json()) as { text: string };
        sent.push(body);
        return HttpResponse.json(
          {
            ...conversation,
            unreadCount: 2,
            messages: [...conversation.messages, message('m3', 'agent', 'Vikram', body.text)],
          },
          { status: 201 },
        );
      }),
    );
    await openAs('SA', '/feedback/rpt-demo-001');
    const section = await screen.findByRole('region', { name: 'Conversation with the visitor' });
    const list = await within(section).findByRole('list', { name: 'Conversation messages' });
    expect(list).toHaveTextContent('The map stays blank');
    expect(within(list).getByRole('listitem', { name: 'Widget Volt' })).toBeInTheDocument();
    const field = within(section).getByRole('textbox', { name: /Reply to the visitor/ });
    await userEvent.click(within(section).getByRole('button', { name: 'Send to the visitor' }));
    expect(await within(section).findByText('Write a reply.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(field, 'Which browser do you use?');
    await userEvent.click(within(section).getByRole('button', { name: 'Send to the visitor' }));
    expect(await within(list).findByRole('listitem', { name: 'Team Vikram' })).toHaveTextContent(
      'Which browser do you use?',
    );
    expect(sent).toEqual([{ text: 'Which browser do you use?' }]);
    expect(field).toHaveValue('');
  });
});
