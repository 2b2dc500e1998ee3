import { DEMO_SDK_KEY_ID } from './feedback-reports';

/**
 * What the demo world's SDK key shows over the portal (issue 38, decision 0123 "Session 25 (tours and tooltips)"): its
 * tooltips and its product tours, in the widget's wire shapes (`GET /config/{key}/tooltips`,
 * `POST /outbound/producttours`). The server's seed stores the same rows (`seedWidgetEngagement`), the demo's widget
 * API adapter serves them in memory, both through the same services.
 */
export interface SeedProductTour {
  outboundId: string;
  status: 'live' | 'draft';
  config: Record<string, unknown>;
}

export interface SeedWidgetEngagement {
  sdkKeyId: string;
  tooltips: Record<string, unknown>[];
  tours: SeedProductTour[];
}

/** The portal's own tooltips: a hotspot on the fleet map's search, and a hover tooltip on the live badge. */
const PORTAL_TOOLTIPS: Record<string, unknown>[] = [
  {
    selector: 'input[aria-label="Find a vehicle"]',
    html: '<p><b>Tip:</b> type a vehicle id; the map centres on it and follows it.</p>',
    mode: 'hotspot',
    icon: 'info',
    color: '#1864ab',
    animated: false,
    page: '/dashboard',
    pageType: 'contains',
    posX: 'right',
    posY: 'center',
    offsetX: 4,
    offsetY: 0,
  },
  {
    selector: '[role="status"][aria-label="Live"]',
    html: 'Live telemetry is connected. The badge turns grey when the connection drops and back when it returns.',
    mode: 'tooltip',
    page: '',
  },
];

/**
 * The live tours `demo-tour` and `demo-cobrowse`: the same configs as the widget mock's ready-made `DEMO_ENGAGEMENT`
 * (a portal test keeps them equal; the world does not import the widget package, as the server seeds from it).
 */
const PORTAL_TOURS: SeedProductTour[] = [
  {
    outboundId: 'demo-tour',
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
  {
    outboundId: 'demo-cobrowse',
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
];

/** The world's keys' tooltips and tours: the demo key's (a fresh copy each call, so no caller can change another's). */
export function demoWidgetEngagement(): SeedWidgetEngagement[] {
  return [
    { sdkKeyId: DEMO_SDK_KEY_ID, tooltips: structuredClone(PORTAL_TOOLTIPS), tours: structuredClone(PORTAL_TOURS) },
  ];
}
