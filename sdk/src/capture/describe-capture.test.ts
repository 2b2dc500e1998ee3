import { afterEach, expect, test } from 'vitest';
import { describeCapture, summarizeCapture } from './describe-capture';

afterEach(() => {
  document.body.innerHTML = '';
});

test('describes nothing when there is nothing to send', () => {
  expect(describeCapture({})).toEqual({
    screenshotPreviewUrl: null,
    screenshotBytes: 0,
    replayEventCount: 0,
    replaySeconds: 0,
    replayBytes: 0,
    maskedElementCount: 0,
  });
});

test('gives a preview URL of the snapshot, replay counts and the number of masked elements', () => {
  document.body.innerHTML = '<input type="password"><p class="gl-mask">x</p>';
  const d = describeCapture({
    snapshot: { html: '<p>hi</p>', baseUrl: 'http://h', width: 1, height: 1, isMobile: false, x: 0, y: 0 },
    replay: {
      startDate: 1000,
      events: [
        { type: 4, data: {}, timestamp: 1000 },
        { type: 3, data: {}, timestamp: 31_000 },
      ],
      baseUrl: 'http://h',
      width: 1,
      height: 1,
      isMobile: false,
      type: 'rrweb',
    },
  });
  expect(d.screenshotPreviewUrl).toBe('data:text/html;charset=utf-8,%3Cp%3Ehi%3C%2Fp%3E');
  expect(d).toMatchObject({ screenshotBytes: 9, replayEventCount: 2, replaySeconds: 30, maskedElementCount: 2 });
  expect(d.replayBytes).toBeGreaterThan(0);
});

test('a summary without snapshot or replay says so, and keeps the counts, keys and removals it was given', () => {
  expect(
    summarizeCapture({
      snapshot: null,
      replay: null,
      screenRecordingUrl: 'https://files.test/screen-recording.webm',
      consoleLogCount: 3,
      networkLogCount: 2,
      customDataKeys: ['plan'],
      removed: ['screenshot'],
      error: 'Failed to take snapshot',
    }),
  ).toEqual({
    screenshot: null,
    replay: null,
    screenRecordingUrl: 'https://files.test/screen-recording.webm',
    consoleLogCount: 3,
    networkLogCount: 2,
    customDataKeys: ['plan'],
    maskedElementCount: 0,
    removed: ['screenshot'],
    error: 'Failed to take snapshot',
  });
});
