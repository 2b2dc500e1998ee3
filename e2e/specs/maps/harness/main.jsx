// The live map and the geofence editor alone on a page, used as a page would use them: `?view=live` (optionally
// `&count=N` simulated vehicles on the demo roads), `?view=geofence`, `?view=trip` (trip playback with a route in the
// query cache) or `?view=locations` (saved locations with visit heat). Tests drive it through `window.__maps`.
import '@mantine/core/styles.css';
import { Container, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DEMO_REGION } from '@/shared/lib/live/demo-region';
import { VEHICLE_STATE } from '@/domain/live-payloads';
import { viewportTopics } from '@/shared/lib/live/topics';
import { GeofenceEditor } from '@/features/geofencing/components/geofence-editor';
import { LiveMap } from '@/features/live-map/components/live-map';
import { applyTelemetryBatch } from '@/features/live-map/components/to-live-map-vehicle';
import { createLiveController } from '@/shared/lib/live/live-controller';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { tripRouteQueryOptions } from '@/features/trips/api/get-trip-route';
import { TripPlayback } from '@/features/trips/components/trip-playback';
import { LocationAnalysisMap } from '@/features/locations/components/location-analysis-map';
import { createAppStore } from '@/state/app-store';
import { AppStoreProvider } from '@/state/store-context';
const w = window;
const params = new URLSearchParams(location.search);
const STATES = [
  VEHICLE_STATE.Drive,
  VEHICLE_STATE.Drive,
  VEHICLE_STATE.ACCharge,
  VEHICLE_STATE.StandBy,
  VEHICLE_STATE.EmergencyShutdown,
  VEHICLE_STATE.SNA,
];
/** N vehicles spread along the demo roads, deterministic so screenshots compare. */
function simulatedFleet(count) {
  const vehicles = new Map();
  for (let i = 0; i < count; i++) {
    const road = DEMO_REGION.roads[i % DEMO_REGION.roads.length];
    const segment = Math.floor(i / DEMO_REGION.roads.length) % (road.coordinates.length - 1);
    const a = road.coordinates[segment];
    const b = road.coordinates[segment + 1];
    const t = ((i * 7919) % 1000) / 1000;
    vehicles.set(`VX-${String(i + 1).padStart(5, '0')}`, {
      lon: a[0] + (b[0] - a[0]) * t,
      lat: a[1] + (b[1] - a[1]) * t,
      stateCode: STATES[i % STATES.length],
      soc: 20 + ((i * 37) % 80),
      speed: (i * 13) % 70,
      ts: Date.now(),
    });
  }
  return vehicles;
}
// With `&url=ws://…` the view is fed as the fleet page feeds it: the live controller subscribes to the viewport and
// its batches are applied to the vehicles map.
const brokerUrl = params.get('url');
let applyBatch = null;
const controller = brokerUrl ? createLiveController({ sink: (batch) => applyBatch?.(batch.vehicles) }) : null;
if (controller && brokerUrl) controller.connect({ url: brokerUrl });
function LiveView() {
  const [vehicles, setVehicles] = useState(() => simulatedFleet(Number(params.get('count') ?? 40)));
  useEffect(() => {
    applyBatch = (batch) => setVehicles((previous) => applyTelemetryBatch(previous, batch));
    w.__maps.setVehicle = (id, vehicle) => setVehicles((previous) => new Map(previous).set(id, vehicle));
    w.__maps.subscribed = () => controller?.getSubscribedTopics() ?? [];
    w.__maps.moveAll = (dLon, dLat) =>
      setVehicles((previous) => {
        const next = new Map();
        const ts = Date.now();
        for (const [id, v] of previous) next.set(id, { ...v, lon: v.lon + dLon, lat: v.lat + dLat, ts });
        return next;
      });
  }, []);
  return (
    <LiveMap
      vehicles={vehicles}
      height="calc(100vh - 120px)"
      initialZoom={Number(params.get('zoom') ?? 11.5)}
      onFrameTiming={(ms) => w.__maps.frameMs.push(ms)}
      onViewportChange={(bounds) => {
        w.__maps.viewports.push(bounds);
        // What a page passes to useLiveInterest('fleet-map', …).
        w.__maps.topics = viewportTopics(bounds);
        controller?.setInterest('fleet-map', w.__maps.topics);
      }}
      onMapLoad={(map) => {
        w.__maps.map = map;
        map.once('idle', () => document.body.setAttribute('data-ready', 'true'));
      }}
    />
  );
}
function GeofenceView() {
  const editing = params.get('edit') === '1';
  const fence = DEMO_REGION.geofences[0];
  return (
    <GeofenceEditor
      mapHeight="calc(100vh - 140px)"
      initialValue={
        editing
          ? {
              name: fence.name,
              rule: 'dwell',
              dwellMinutes: 15,
              deliveryMethods: 1 | 16,
              geometry: {
                type: 'Polygon',
                coordinates: [
                  [
                    [73.73, 18.585],
                    [73.75, 18.585],
                    [73.75, 18.6],
                    [73.73, 18.6],
                    [73.73, 18.585],
                  ],
                ],
              },
            }
          : undefined
      }
      onSubmit={(value) => {
        w.__maps.submitted.push(value);
      }}
      onMapLoad={(map) => {
        w.__maps.map = map;
        map.once('idle', () => document.body.setAttribute('data-ready', 'true'));
      }}
    />
  );
}
// Trip playback with a route given to the query cache as the Fleet API would send it: 30 minutes along a demo road,
// one point every 10 s, a two-minute stop in the middle.
const TRIP_START = Date.UTC(2026, 0, 5, 8, 0, 0);
function harnessTripRoute() {
  const road = DEMO_REGION.roads[0].coordinates;
  const n = 181;
  const points = [];
  for (let i = 0; i < n; i++) {
    const f = (i / (n - 1)) * (road.length - 1);
    const k = Math.min(road.length - 2, Math.floor(f));
    const a = road[k];
    const b = road[k + 1];
    const u = f - k;
    const stopped = i === 0 || i === n - 1 || (i >= 85 && i <= 97);
    points.push({
      t: TRIP_START + i * 10_000,
      lng: a[0] + (b[0] - a[0]) * u,
      lat: a[1] + (b[1] - a[1]) * u,
      speedKmh: stopped ? 0 : 25 + 15 * Math.sin(i / 9),
      soc: 90 - (i / (n - 1)) * 12,
    });
  }
  const stop = points[85];
  return {
    tripId: 'trip-1',
    vehicleId: 'veh-1',
    points,
    stops: [
      {
        lat: stop.lat,
        lng: stop.lng,
        startedAt: new Date(stop.t).toISOString(),
        endedAt: new Date(points[97].t).toISOString(),
        durationMin: 2,
      },
    ],
  };
}
const HARNESS_TRIP = {
  id: 'trip-1',
  vehicleId: 'veh-1',
  status: 2,
  startedAt: new Date(TRIP_START).toISOString(),
  endedAt: new Date(TRIP_START + 1_800_000).toISOString(),
  distanceKm: 14.2,
  durationMin: 30,
  energyKwh: 0.62,
  avgSpeedKmh: 28.4,
  maxSpeedKmh: 41.2,
  start: { lat: 0, lng: 0 },
  end: { lat: 0, lng: 0 },
};
const appStore = createAppStore();
function withAppProviders(children) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 0 } } });
  queryClient.setQueryData(tripRouteQueryOptions('veh-1', 'trip-1').queryKey, harnessTripRoute());
  return (
    <QueryClientProvider client={queryClient}>
      <AppStoreProvider store={appStore}>{children}</AppStoreProvider>
    </QueryClientProvider>
  );
}
function whenIdle(map) {
  w.__maps.map = map;
  map.once('idle', () => document.body.setAttribute('data-ready', 'true'));
}
function TripView() {
  useEffect(() => {
    w.__maps.store = appStore;
  }, []);
  return withAppProviders(<TripPlayback vehicleId="veh-1" trip={HARNESS_TRIP} onMapLoad={whenIdle} />);
}
function LocationsView() {
  const [lng, lat] = DEMO_REGION.center;
  const at = (dLng, dLat) => ({ lat: lat + dLat, lng: lng + dLng });
  const locations = [
    {
      id: 'l1',
      vehicleId: 'veh-1',
      kind: 1,
      name: 'Home',
      location: at(-0.04, 0.02),
      visitCount: 64,
      lastVisitedAt: '2026-01-04T19:30:00Z',
    },
    {
      id: 'l2',
      vehicleId: 'veh-1',
      kind: 2,
      name: 'Office',
      location: at(0.03, -0.01),
      visitCount: 41,
      lastVisitedAt: '2026-01-05T09:10:00Z',
    },
    {
      id: 'l3',
      vehicleId: 'veh-1',
      kind: 3,
      name: 'Most frequent',
      location: at(0.005, 0.03),
      visitCount: 188,
      lastVisitedAt: '2026-01-05T12:45:00Z',
    },
  ];
  return withAppProviders(
    <LocationAnalysisMap vehicleId="veh-1" locations={locations} onMapLoad={whenIdle} height="calc(100vh - 140px)" />,
  );
}
w.__maps = {
  map: null,
  viewports: [],
  frameMs: [],
  topics: [],
  submitted: [],
  setVehicle: () => {
    throw new Error('live view not mounted');
  },
  moveAll: () => {
    throw new Error('live view not mounted');
  },
  subscribed: () => [],
  project: (lon, lat) => {
    const map = w.__maps.map;
    const point = map.project([lon, lat]);
    const rect = map.getCanvas().getBoundingClientRect();
    return { x: rect.left + point.x, y: rect.top + point.y };
  },
};
const view = params.get('view') ?? 'live';
const TITLES = { live: 'Fleet map', trip: 'Trip playback', locations: 'Location analysis' };
createRoot(document.getElementById('root')).render(
  <MantineProvider>
    <Container size="xl" py="md">
      <Stack gap="sm">
        <div>
          <Title order={3}>{TITLES[view] ?? 'Geofence'}</Title>
          <Text size="sm" c="dimmed">
            Voltline maps harness · demo region {DEMO_REGION.name}
          </Text>
        </div>
        {view === 'live' ? (
          <LiveView />
        ) : view === 'trip' ? (
          <TripView />
        ) : view === 'locations' ? (
          <LocationsView />
        ) : (
          <GeofenceView />
        )}
      </Stack>
    </Container>
  </MantineProvider>,
);
