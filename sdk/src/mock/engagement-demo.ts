import type { MockAction, MockTour } from './widget-store';

/**
 * A ready-made set of engagement content for demos and integrators' tests: a hotspot and a hover tooltip on
 * `[data-demo-tip]` elements, a news item (the seeded article `n-2`) and a message from support. Pass it to the store:
 * `createWidgetMock({ store: createWidgetMockStore(DEMO_ENGAGEMENT) })`. Elements of the page opt in with
 * `data-demo-tip="hotspot"` or `data-demo-tip="hover"`, so nothing shows on a page that has none. The live product tour
 * `demo-tour` (`Gleap.startProductTour('demo-tour')`) highlights `[data-demo-tour="search"]` and
 * `[data-demo-tour="export"]` where the page has them and explains from the centre of the screen where it has not. The
 * live co-browse tour `demo-cobrowse` (`Gleap.startProductTour('demo-cobrowse')`) has an assistant type a vehicle id into
 * `[data-demo-tour="search"]` (the portal's fleet map); on a page without it, it ends as not completed.
 */
export const DEMO_ENGAGEMENT: {
  tooltips: Record<string, unknown>[];
  actions: MockAction[];
  tours: Record<string, MockTour>;
} = {
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
  tours: {
    'demo-tour': {
      status: 'live',
      config: {
        tourType: 'standard',
        allowClose: true,
        backButton: true,
        sender: { firstName: 'Maya' },
        steps: [
          { selector: '', title: 'Welcome to Voltline', message: '<p>A quick look around your fleet portal.</p>' },
          { selector: '[data-demo-tour="search"]', message: 'Find any vehicle by name, VIN or driver.' },
          { selector: '[data-demo-tour="export"]', message: 'Export what you see as CSV.' },
        ],
      },
    },
    'demo-cobrowse': {
      status: 'live',
      config: {
        tourType: 'cobrowse',
        allowClose: true,
        gradient: true,
        playVoice: true,
        kaiSlug: 'Kai joined to show you around',
        steps: [
          { selector: '', message: '<p>Hi, I am Kai. Let me show you how to find a vehicle.</p>' },
          {
            selector: '[data-demo-tour="search"]',
            mode: 'INPUT',
            inputType: 'auto',
            inputValue: 'VH-00001',
            message: 'Type a vehicle id, VIN or driver here.',
          },
          { selector: '', message: 'That is all. Ask me anything in the messenger.' },
        ],
      },
    },
  },
};
