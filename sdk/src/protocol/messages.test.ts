import { expect, test } from 'vitest';
import { encodeMessage, isFrameToWidget, isWidgetToFrame, type FrameToWidget } from './messages';

test('decodes a JSON string envelope from the frame', () => {
  const raw = encodeMessage<FrameToWidget, 'open-image'>('open-image', { url: 'https://x/y.png' });
  expect(isFrameToWidget(raw)).toEqual({ name: 'open-image', data: { url: 'https://x/y.png' } });
});

test('keeps extra envelope fields such as newTab beside data', () => {
  const raw = encodeMessage<FrameToWidget, 'open-url'>('open-url', 'https://a.b', { newTab: true });
  expect(isFrameToWidget(raw)).toMatchObject({ name: 'open-url', data: 'https://a.b', newTab: true });
});

test('rejects unknown names, wrong direction and malformed JSON', () => {
  expect(isFrameToWidget('{"name":"nope"}')).toBeNull();
  expect(isFrameToWidget('{"name":"session-update","data":{}}')).toBeNull();
  expect(isWidgetToFrame('{"name":"session-update","data":{}}')).not.toBeNull();
  expect(isFrameToWidget('{oops')).toBeNull();
  expect(isFrameToWidget(42)).toBeNull();
});
