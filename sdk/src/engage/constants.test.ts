import { expect, test } from 'vitest';
import * as C from './constants';
import * as T from './tooltip-constants';

test('the engagement constants of spec §9', () => {
  expect({ ...C, ...T }).toEqual({
    NOTIFICATIONS_KEY: 'gleap-widget-unread-notifications',
    NOTIFICATIONS_KEPT: 2,
    NOTIFICATION_MAX_AGE_MS: 3_600_000,
    NOTIFICATION_WIDTH_PX: 340,
    CHECKLIST_BAR_BONUS: 4,
    TOOLTIP_REPOSITION_MS: 250,
    TOOLTIP_HIDE_DELAY_MS: 500,
    TOOLTIP_FADE_MS: 200,
    HOTSPOT_DEFAULTS: { posX: 'right', posY: 'center', offsetX: 4, offsetY: 0 },
  });
});
