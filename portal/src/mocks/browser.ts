import { attachDemoWidget } from './adapter/demo-widget';
import { widgetApiDeps } from './adapter/widget-api-deps';
import { createWidgetApiHandlers } from './handlers/widget-conversations';
import { createWidgetMock } from '@voltline/widget/mock';
import { setupWorker } from 'msw/browser';
import { getEnv } from '@/config/env';
import { startFirmwareDemo } from './firmware-demo';
import { createHandlers } from './handlers';
import { createBrokerEmulator } from './live/broker-emulator';
import { liveHandlers } from './live/live-handlers';
import { routeRequests } from './route-requests';
import { liveFaultOptions } from './world/live-faults';
import { liveProfileOptions } from './world/live-profile';
import { followClock, getWorldDb } from './world/world-instance';
import { liveScopeOf } from './handlers/lib/scope';

/** Where the demo's widget talks to: the Widget API mock on the portal's own origin (see `.env.demo`). */
function widgetEndpoints() {
  const origin = window.location.origin;
  const wsOrigin = origin.replace(/^http/, 'ws');
  return { apiUrl: `${origin}/widget-api`, wsUrl: `${wsOrigin}/widget-ws` };
}

/**
 * How often a driving vehicle of the demo raises a fault: about once per 80 minutes of driving, so a dashboard that
 * watches a few hundred vehicles sees a fault every minute or two, and a critical one (a notification and, by the
 * seeded "Critical faults" rule, a ticket) every few minutes, without flooding the bell. A charging vehicle raises its
 * pack's faults at half that rate, a parked one its alerts at a tenth (`fleet-simulator.js`).
 */
const DEMO_FAULT_RATE = 0.0002;

/**
 * Starts the MSW worker of demo mode and opens the demo world (seed and size from `?demoSize=` / settings).
 * Answers the Fleet API, the live broker (MQTT over an intercepted WebSocket, fed by the fleet simulator) and the
 * Widget API of the embedded widget and its messenger (same origin, so the messenger frame shares this world).
 * Other requests (assets, fonts, tiles) pass through without warnings.
 */
export async function startDemoWorker(): Promise<void> {
  // The world's "now" follows the clock: set before the world opens, or its histories would end at the fixed
  // instant tests use.
  followClock();
  // Open the world (and its saved changes) before the first request needs it.
  const db = await getWorldDb();
  let vehicleIds: string[] | null = null;
  const emulator = createBrokerEmulator({
    vehicleIds: () => {
      vehicleIds ??= db.tables.vehicles.all().map((v) => v.id);
      return vehicleIds;
    },
    // Read live, so that a vehicle added in the demo is simulated too, and a mistyped id in a URL is not.
    hasVehicle: (id) => db.tables.vehicles.get(id) !== undefined,
    // Each connection sees the vehicles its user sees in the Fleet API (its password is the session token).
    vehicleScope: (_username, token) => liveScopeOf(db, token),
    // The geofences of the demo world, so that one drawn in the editor raises enter/exit events at once.
    geofences: () =>
      db.tables.geofences.all().map((g) => ({
        id: g.id,
        name: g.name,
        polygon: g.geometry.coordinates[0] ?? [],
        vehicleIds: g.vehicleIds,
        dwellMinutes: g.rule === 'dwell' ? g.dwellMinutes : null,
      })),
    // Faults come from each vehicle's model catalogue and are stored as they are raised (issue 19), so the faults
    // tab, the rule engine and the tickets see the same fault the live view did.
    faultRate: DEMO_FAULT_RATE,
    ...liveFaultOptions(db),
    // Only online vehicles report, each as its drive profile has it: the list, the details, the live views and the
    // history tell one story (decision 0103).
    ...liveProfileOptions(db),
  });
  // The tooltips (a hotspot on the fleet map's search, a hover tooltip on the live badge) and the product tours (the
  // messenger's onboarding checklist's "Take the dashboard tour" is `demo-tour`) are the demo key's, served through the
  // services (`createWidgetApiHandlers`, the world's `widget-engagement.ts`). In-app notifications are not pushed on
  // their own here: a card over the page's corner would cover what the visitor (or a browser test) reaches for.
  // Its config is the demo key's as Settings edits it: the portal's widget doubles as its session-recording tag
  // (spec §1), and web replays are on by default, so a bug report shows what led to it.
  const widget = createWidgetMock(widgetEndpoints());
  attachDemoWidget(db, widget);
  // With VITE_MQTT_URL set (a real broker, see README "Live data locally"), the demo leaves the WebSocket alone.
  const emulateBroker = !import.meta.env.VITE_MQTT_URL;
  // Every request of the page (assets and favicon included) comes through here: the request handlers are routed by
  // method and path, so that MSW does not parse each request once per handler (see `routeRequests`).
  const worker = setupWorker(
    ...routeRequests([
      // Sent commands reach the simulated vehicles, which acknowledge them live.
      ...createHandlers(undefined, {
        commands: emulateBroker ? { broker: emulator } : {},
        // Rollouts advance once a second; each device's progress is published on the same in-page broker.
        firmware: startFirmwareDemo(db, emulateBroker ? emulator : null),
      }),
      ...(emulateBroker ? liveHandlers({ url: getEnv().mqttUrl, emulator }) : []),
      // The widget's config, reports and the messenger's conversations through the services the server runs
      // (decisions 0128, 0136), before the mock's own: the config is what Settings edits, a report lands in the demo's
      // inbox, its ticket's replies reach the messenger.
      ...createWidgetApiHandlers(widgetEndpoints().apiUrl, widgetApiDeps(db)),
      ...widget.handlers,
    ]),
  );
  // MSW is patched (patches/msw@2.15.0.patch, issue 37 item 9): on a load that finds the worker already registered it
  // updates the registration in the background, and that update rejects "Not found" when the registration goes away
  // meanwhile (the worker unregisters itself when its last page closes, so a reload or full navigation races it);
  // unpatched, the rejection was an uncaught error of whatever page was loading.
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
}
