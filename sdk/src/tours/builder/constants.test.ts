import { expect, test } from 'vitest';
import * as c from './constants';

test('the admin builder constants of spec §2, §8, §9 and the wire', () => {
  expect({ ...c }).toEqual({
    BUILDER_URL: 'https://app.gleap.io',
    TOUR_BUILDER_PATH: 'producttourbuilder',
    TOOLTIP_BUILDER_PATH: 'tooltipbuilder',
    OPENER_TYPE: 'admin',
    FRAME_TYPE: 'tourbuilder',
    DISABLED_FLAG: 'gleapAdminDisabled',
    PAGE_POLL_MS: 1000,
    ADMIN_FRAME_HEIGHT_PX: 65,
    FRAME_HEIGHTS: { navigate: '65px', picker: '65px', editor: '100vh', loading: '0px' },
    SELECTOR_ERROR: 'Error while getting unique selector',
    PICK_COLOR: '#2142E7',
    HIGHLIGHT_COLOR: '#E03131',
    BUILDER_TEXTS: {
      showBuilder: 'Show the builder',
      hideBuilder: 'Hide the builder',
      tooltipBuilder: 'Tooltip builder',
      tourBuilder: 'Product tour builder',
    },
  });
});
