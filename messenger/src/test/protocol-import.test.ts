import { isWidgetToFrame } from '@voltline/widget/protocol';
import { expect, test } from 'vitest';

test('the messenger reads the widget message map from the sdk', () => {
  expect(isWidgetToFrame(JSON.stringify({ name: 'widget-status-update', data: { isWidgetOpen: true } }))).toEqual({
    name: 'widget-status-update',
    data: { isWidgetOpen: true },
  });
});
