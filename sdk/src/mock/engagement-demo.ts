import type { MockAction } from './widget-store';

/**
 * A ready-made set of engagement content for demos and integrators' tests: a hotspot and a hover tooltip on
 * `[data-demo-tip]` elements, a news item (the seeded article `n-2`) and a message from support. Pass it to the store:
 * `createWidgetMock({ store: createWidgetMockStore(DEMO_ENGAGEMENT) })`. Elements of the page opt in with
 * `data-demo-tip="hotspot"` or `data-demo-tip="hover"`, so nothing shows on a page that has none.
 */
export const DEMO_ENGAGEMENT: { tooltips: Record<string, unknown>[]; actions: MockAction[] } = {
  tooltips: [
    {
      selector: '[data-demo-tip="hotspot"]',
      html: '<p><b>New:</b> export the list as CSV from here.</p>',
      mode: 'hotspot',
      icon: 'info',
      color: '#485BFF',
      animated: true,
      page: '',
      pageType: 'contains',
      posX: 'right',
      posY: 'center',
      offsetX: 4,
      offsetY: 0,
    },
    {
      selector: '[data-demo-tip="hover"]',
      html: 'Hover tooltips explain a control without a click.',
      mode: 'tooltip',
      page: '',
    },
  ],
  actions: [
    {
      actionType: 'notification',
      outbound: 'demo-news-1',
      data: {
        text: 'Live map for 10,000 vehicles',
        news: { id: 'n-2' },
        previewText: 'The map now clusters.',
      },
    },
    {
      actionType: 'notification',
      outbound: 'demo-message-1',
      sound: true,
      data: {
        text: 'Hi {{name}}, how can we help with your fleet today?',
        sender: { name: 'Maya from Voltline', firstName: 'Maya' },
      },
    },
  ],
};
