// The header's bell hears a rule's notification live (issue 35): the Fleet API server publishes each notification on
// its vehicle's notifications topic (decision 0126), and the bell refreshes its count at once, through the real mqtt.js
// client, the one live controller and MSW's WebSocket interception. Its poll is stopped here (React Query polls only
// a focused window), so nothing but the live event can move the count.
import { focusManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { applyLiveBatch } from '@/app/live-wiring';
import { createHandlers } from '@/mocks/handlers';
import { type BrokerEmulator, createBrokerEmulator } from '@/mocks/live/broker-emulator';
import { liveHandlers } from '@/mocks/live/live-handlers';
import { server } from '@/mocks/node';
import { getWorldDb } from '@/mocks/world/world-instance';
import { createLiveController, type LiveController } from '@/shared/lib/live/live-controller';
import { createLiveFleet } from '@/shared/lib/live/live-fleet';
import { topics } from '@/shared/lib/live/topics';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, renderApp } from '@/test/render';

const URL = 'ws://127.0.0.1:9003';
let emulator: BrokerEmulator;
let controller: LiveController | null = null;

vi.setConfig({ testTimeout: 40_000 });
beforeAll(() => import('@/pages/rules/rule-management-page'), 60_000);
beforeEach(() => {
  // No simulated vehicle: the only message is the notification the test publishes as the server would.
  emulator = createBrokerEmulator({ vehicleIds: () => [] });
  server.use(...createHandlers(), ...liveHandlers({ url: URL, emulator }));
});
afterEach(() => {
  focusManager.setFocused(undefined);
  controller?.dispose();
  controller = null;
  emulator.dispose();
});

const bellCount = async () =>
  Number(
    (await screen.findByRole('link', { name: /^Notifications: \d+ unacknowledged$/ }))
      .getAttribute('aria-label')
      ?.match(/\d+/)?.[0],
  );

test('a notification published live raises the header count on any page, without waiting for a poll', async () => {
  const store = createTestStore();
  await signInWithApi(store, 'SA');
  controller = createLiveController({ sink: (batch) => applyLiveBatch(store, batch), timerVariant: 'native' });
  controller.connect({ url: URL, username: 'sa', token: store.getState().auth.token ?? '' });
  // A page that does not listen to notifications itself: only the bell does.
  renderApp('/rule-management', { store, live: { controller, fleet: createLiveFleet() } });
  await screen.findByRole('heading', { name: /rule/i });
  const before = await bellCount();
  // No more polls from here.
  focusManager.setFocused(false);

  // A rule fired on the server: its notification is stored, then published on its vehicle's topic.
  const db = await getWorldDb();
  const model = db.tables.notifications.all()[0];
  if (!model) throw new Error('the demo world has no notification');
  const id = `ntf-live-bell-${Date.now()}`;
  db.tables.notifications.insert({ ...model, id, sentAt: Date.now(), acknowledgedAt: null, acknowledgedBy: null });
  const event = {
    v: 1,
    vehicleUid: model.vehicleId,
    notificationId: id,
    ruleId: model.ruleId,
    ruleName: model.ruleName ?? '',
    title: model.title,
    message: model.message,
    severity: model.severity,
    faultId: null,
    ticketId: null,
    ts: Date.now(),
  };
  // Published until heard: the bell's subscription is made once the controller has connected.
  await waitFor(
    async () => {
      emulator.publish(topics.notification(model.vehicleId), event);
      expect(await bellCount()).toBe(before + 1);
    },
    { timeout: 10_000, interval: 300 },
  );
});
