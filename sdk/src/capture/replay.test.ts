import { afterEach, expect, test } from 'vitest';
import { getReplayPayload, resetReplay, startReplay, stopReplay } from './replay';

afterEach(() => {
  stopReplay();
  document.body.innerHTML = '';
});

test('records a full snapshot in the rrweb payload shape', () => {
  document.body.innerHTML = '<p>hello</p>';
  startReplay();
  const payload = getReplayPayload();
  expect(payload).toMatchObject({ type: 'rrweb', baseUrl: location.origin, width: window.innerWidth });
  expect(payload!.events.some((e) => e.type === 2)).toBe(true);
  expect(payload!.startDate).toBe(payload!.events[0]!.timestamp);
});

test('starting while recording keeps the one stream', () => {
  resetReplay();
  startReplay();
  const fullSnapshots = getReplayPayload()!.events.filter((e) => e.type === 2);
  expect(fullSnapshots).toHaveLength(1);
});

test('reset drops the old replay and starts a new one', () => {
  startReplay();
  const before = getReplayPayload()!.events.length;
  resetReplay();
  const after = getReplayPayload()!;
  expect(after.events.filter((e) => e.type === 2)).toHaveLength(1);
  expect(after.events.length).toBeLessThanOrEqual(before);
});

test('masks password values in the full snapshot', () => {
  document.body.innerHTML = '<input type="password" value="hunter2"><p gleap-ignore>Jane</p>';
  startReplay();
  const json = JSON.stringify(getReplayPayload());
  expect(json).not.toContain('hunter2');
  expect(json).not.toContain('Jane');
});
