import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { LiveProvider } from './live-context';
import { createLiveController, type LiveController, type LiveCredentials } from './live-controller';
import { useLiveSession } from './use-live-session';

let controller: LiveController;

afterEach(() => {
  cleanup();
  controller.dispose();
});

function Session({ credentials }: { credentials: LiveCredentials | null }) {
  useLiveSession(credentials);
  return null;
}

function renderSession(credentials: LiveCredentials | null) {
  controller = createLiveController({ sink: () => {} });
  return render(
    <LiveProvider controller={controller}>
      <Session credentials={credentials} />
    </LiveProvider>,
  );
}

test('without a session the live connection stays idle', () => {
  renderSession(null);
  expect(controller.getConnection().state).toBe('idle');
});

test('a session connects with its credentials', () => {
  // An unusable scheme makes the attempt visible without opening a socket.
  renderSession({ url: 'http://127.0.0.1:1', token: 't' });
  expect(controller.getConnection()).toMatchObject({ state: 'offline', lastError: expect.stringMatching(/ws:\/\//) });
});

test('ending the session disconnects', () => {
  const view = renderSession({ url: 'http://127.0.0.1:1', token: 't' });
  const states: string[] = [];
  controller.subscribeConnection(() => states.push(controller.getConnection().state));
  view.rerender(
    <LiveProvider controller={controller}>
      <Session credentials={null} />
    </LiveProvider>,
  );
  expect(states).toEqual(['offline']);
  expect(controller.getConnection().attempt).toBe(0);
});
