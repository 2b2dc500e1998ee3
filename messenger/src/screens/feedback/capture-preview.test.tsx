import type { CaptureSummary } from '@voltline/widget/protocol';
import { act, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderMessenger } from '../../test/render-messenger';
import { SUMMARY_TIMEOUT_MS } from './capture-preview';

let view: ReturnType<typeof renderMessenger> | undefined;
afterEach(() => {
  view?.cleanup();
  vi.useRealTimers();
});

const SUMMARY: CaptureSummary = {
  screenshot: {
    previewUrl: 'data:text/html;charset=utf-8,%3Cp%3Ehi%3C%2Fp%3E',
    bytes: 20_480,
    width: 1280,
    height: 720,
    x: 0,
    y: 300,
  },
  replay: { eventCount: 312, seconds: 95, bytes: 90_000 },
  screenRecordingUrl: null,
  consoleLogCount: 4,
  networkLogCount: 1,
  customDataKeys: ['plan', 'cart'],
  maskedElementCount: 2,
  removed: [],
};

async function openBugForm() {
  view = renderMessenger({ session: { email: 'ana@example.com' } });
  await view.user.click(screen.getByRole('button', { name: /^Report a bug\b/ }));
  return view;
}

const preview = () => screen.getByRole('region', { name: 'What will be sent' });

test('the form asks the widget what the report will carry and says it is preparing the preview', async () => {
  const v = await openBugForm();
  expect(v.host.sent().filter((m) => m.name === 'request-capture-summary')).toHaveLength(1);
  expect(within(preview()).getByText('Preparing the preview…')).toBeInTheDocument();
});

test('lists the screenshot with its preview, the replay, log counts and custom data keys', async () => {
  const v = await openBugForm();
  v.deliver('capture-summary', SUMMARY);
  const region = within(preview());
  expect(region.getByTitle('Screenshot preview')).toHaveAttribute('sandbox', '');
  expect(region.getByTitle('Screenshot preview')).toHaveAttribute('src', SUMMARY.screenshot!.previewUrl);
  expect(region.getByText('of this page, 20 KB')).toBeInTheDocument();
  expect(region.getByText('last 95 seconds, 312 events')).toBeInTheDocument();
  expect(region.getByText('4 entries')).toBeInTheDocument();
  expect(region.getByText('1 request')).toBeInTheDocument();
  expect(region.getByText('plan, cart')).toBeInTheDocument();
  expect(region.getByText('2 fields and areas of the page are masked and never sent.')).toBeInTheDocument();
  expect(region.queryByText('Screen recording')).not.toBeInTheDocument();
});

test('removing the screenshot tells the widget and shows it as not sent at once', async () => {
  const v = await openBugForm();
  v.deliver('capture-summary', SUMMARY);
  await v.user.click(screen.getByRole('button', { name: 'Remove screenshot' }));
  expect(v.host.sentData('remove-capture-item')).toEqual([{ item: 'screenshot' }]);
  expect(screen.queryByTitle('Screenshot preview')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Remove screenshot' })).not.toBeInTheDocument();
  expect(within(preview()).getByText('removed, not sent')).toBeInTheDocument();
});

test('items the widget reports as removed stay removed when a new summary arrives', async () => {
  const v = await openBugForm();
  v.deliver('capture-summary', { ...SUMMARY, removed: ['consoleLog'] });
  expect(screen.queryByRole('button', { name: 'Remove console log' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Remove network log' })).toBeEnabled();
});

test('a failed snapshot is shown as an error beside what will still be sent', async () => {
  const v = await openBugForm();
  v.deliver('capture-summary', { ...SUMMARY, screenshot: null, error: 'Failed to take snapshot' });
  expect(within(preview()).getByRole('alert')).toHaveTextContent('Failed to take snapshot');
  expect(within(preview()).getByText('4 entries')).toBeInTheDocument();
});

test('a new capture from the page makes the form ask for a new summary', async () => {
  const v = await openBugForm();
  await v.user.click(screen.getByRole('radio', { name: 'Screenshot' }));
  v.deliver('set-form-data', { formKey: 'capture', data: { value: 'screenshot', dirty: true } });
  expect(v.host.sent().filter((m) => m.name === 'request-capture-summary').length).toBeGreaterThanOrEqual(2);
});

test('a widget that never answers leaves the preview marked as not available instead of loading forever', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  await openBugForm();
  expect(within(preview()).getByText('Preparing the preview…')).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(SUMMARY_TIMEOUT_MS));
  expect(within(preview()).getByRole('alert')).toHaveTextContent('The preview is not available');
  expect(within(preview()).queryByText('Preparing the preview…')).not.toBeInTheDocument();
});
