import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createWidgetMock, createWidgetMockStore } from '@voltline/widget/mock';
import { getResponse } from 'msw';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { attachDemoWidget } from '@/mocks/adapter/demo-widget';
import { widgetApiDeps } from '@/mocks/adapter/widget-api-deps';
import { createWidgetApiHandlers } from '@/mocks/handlers/widget-conversations';
import { DEMO_SDK_KEY } from '@/mocks/world/feedback-reports';
import { getWorldDb } from '@/mocks/world/world-instance';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

const API = 'https://demo.test/widget-api';

/**
 * The demo world with its page widget attached, and a visitor (Asha) who started a conversation in the messenger
 * without a report, through the services the demo's widget API runs. Answers what the visitor's sockets were sent.
 */
async function visitorStarted(text: string) {
  const db = await getWorldDb();
  const pushed: { a?: unknown[]; u?: number }[] = [];
  const widget = createWidgetMock({ apiUrl: API, store: createWidgetMockStore() });
  attachDemoWidget(db, { store: widget.store, pushUpdate: (u) => pushed.push(u) });
  const answer = await widget.respond(
    new Request(`${API}/sessions`, {
      method: 'POST',
      headers: { 'api-token': DEMO_SDK_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'en' }),
    }),
  );
  const session = (await answer?.json()) as { gleapId: string; gleapHash: string };
  Object.assign(widget.store.sessions.get(session.gleapId) ?? {}, { name: 'Asha Rao', email: 'asha@example.com' });
  // The visitor's messenger starts it with the widget API's call, answered as the demo page answers it (the demo
  // server's handlers over the services; a page test reaches the services only through the demo server).
  const started = await getResponse(
    createWidgetApiHandlers(API, widgetApiDeps(db)),
    new Request(`${API}/conversations`, {
      method: 'POST',
      headers: {
        'api-token': DEMO_SDK_KEY,
        'gleap-id': session.gleapId,
        'gleap-hash': session.gleapHash,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ text }),
    }),
  );
  if (started?.status !== 201) throw new Error(`The conversation did not start: ${started?.status}`);
  const { shareToken } = (await started.json()) as { shareToken: string };
  return { shareToken, widget, pushed };
}

async function openAs(role: RoleCode, path: string) {
  const { store } = await signInWithDemoWorld(role);
  return renderApp(path, { store });
}

describe('visitor conversations', () => {
  test("the inbox leads to them; an operator opens the visitor's and answers: the visitor's messenger has it", async () => {
    await openAs('SA', '/feedback');
    const { shareToken, widget, pushed } = await visitorStarted('Can I export my trips as CSV?');
    await userEvent.click(await screen.findByRole('link', { name: 'Conversations without a report' }));
    expect(await screen.findByRole('heading', { name: 'Visitor Conversations', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Visitor conversations' });
    const row = within(list).getByRole('button', { name: /^Can I export my trips as CSV\?/ });
    expect(row).toHaveTextContent('Asha Rao (asha@example.com)');
    expect(row).toHaveTextContent('Awaiting reply');

    await userEvent.click(row);
    const open = screen.getByRole('region', { name: 'Open conversation' });
    const messages = await within(open).findByRole('list', { name: 'Conversation messages' });
    expect(within(messages).getByRole('listitem', { name: 'Visitor Asha Rao' })).toHaveTextContent(
      'Can I export my trips as CSV?',
    );
    const field = within(open).getByRole('textbox', { name: /Reply to the visitor/ });
    await userEvent.click(within(open).getByRole('button', { name: 'Send to the visitor' }));
    expect(await within(open).findByText('Write a reply.')).toBeInTheDocument();
    await userEvent.type(field, 'Yes: Trips, then Export CSV.');
    await userEvent.click(within(open).getByRole('button', { name: 'Send to the visitor' }));
    expect(await within(messages).findByRole('listitem', { name: /^Team / })).toHaveTextContent(
      'Yes: Trips, then Export CSV.',
    );
    expect(field).toHaveValue('');
    // The visitor's messenger has the answer, and their socket was told.
    const theirs = widget.store.conversations.find((c) => c.shareToken === shareToken);
    expect(theirs?.messages.at(-1)).toMatchObject({ author: { type: 'agent' }, text: 'Yes: Trips, then Export CSV.' });
    expect(pushed.at(-1)).toMatchObject({ a: [{ data: { conversation: { shareToken } } }] });
    // Answered: no longer awaiting a reply.
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Visitor conversations' })).getByRole('button', {
          name: /^Can I export my trips as CSV\?/,
        }),
      ).not.toHaveTextContent('Awaiting reply'),
    );
  });
});
