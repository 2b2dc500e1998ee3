// The live map and the geofence editor alone on a page, used as a page would use them: `?view=live` (optionally
// `&count=N` simulated vehicles on the demo roads) or `?view=geofence`. Tests drive it through `window.__maps`.
import '@mantine/core/styles.css';
import { Container, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DEMO_REGION } from '@/shared/lib/live/demo-region';
import { VEHICLE_STATE, viewportTopics } from '@/shared/lib/live/topics';
import { GeofenceEditor } from '@/features/geofencing/components/geofence-editor';
import { LiveMap } from '@/features/live-map/components/live-map';
import { applyTelemetryBatch } from '@/features/live-map/components/to-live-map-vehicle';
import { createLiveController } from '@/shared/lib/live/live-controller';
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
createRoot(document.getElementById('root')).render(
  <MantineProvider>
    <Container size="xl" py="md">
      <Stack gap="sm">
        <div>
          <Title order={3}>{view === 'live' ? 'Fleet map' : 'Geofence'}</Title>
          <Text size="sm" c="dimmed">
            Voltline maps harness · demo region {DEMO_REGION.name}
          </Text>
        </div>
        {view === 'live' ? <LiveView /> : <GeofenceView />}
      </Stack>
    </Container>
  </MantineProvider>,
);
