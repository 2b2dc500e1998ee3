import { expect, test } from 'vitest';
import { VEHICLE_STATE } from '@/domain/live-payloads';
import {
  CLUSTER_MAX_ZOOM,
  clusterVehicles,
  type ForEachVehicle,
  type VehicleClusterFeature,
  type VehiclePointFeature,
} from './cluster-vehicles';
import { STATE_GROUP_COLOUR } from './vehicle-state-style';

type Vehicle = [id: string, lon: number, lat: number, stateCode: number];
const fleet =
  (vehicles: Vehicle[]): ForEachVehicle =>
  (visit) => {
    for (const [id, lon, lat, stateCode] of vehicles) visit(id, lon, lat, stateCode);
  };
const view = { west: 73.7, south: 18.42, east: 73.98, north: 18.68 };
const clusters = (features: ReturnType<typeof clusterVehicles>['features']) =>
  features.filter((f): f is VehicleClusterFeature => 'cluster' in f.properties);
const points = (features: ReturnType<typeof clusterVehicles>['features']) =>
  features.filter((f): f is VehiclePointFeature => !('cluster' in f.properties));

test('vehicles close together are one cluster with their count, centre and rectangle', () => {
  const { features } = clusterVehicles(
    fleet([
      ['A', 73.8501, 18.5201, VEHICLE_STATE.Drive],
      ['B', 73.8503, 18.5203, VEHICLE_STATE.Drive],
      ['C', 73.8505, 18.5205, VEHICLE_STATE.StandBy],
    ]),
    { zoom: 11, bounds: view },
  );
  expect(features).toHaveLength(1);
  const [cluster] = clusters(features);
  expect(cluster!.properties).toMatchObject({
    point_count: 3,
    faults: 0,
    west: 73.8501,
    east: 73.8505,
    south: 18.5201,
    north: 18.5205,
  });
  expect(cluster!.geometry.coordinates[0]).toBeCloseTo(73.8503, 6);
  expect(cluster!.geometry.coordinates[1]).toBeCloseTo(18.5203, 6);
});

test('a cluster counts the faulty vehicles it hides', () => {
  const { features } = clusterVehicles(
    fleet([
      ['A', 73.85, 18.52, VEHICLE_STATE.EmergencyShutdown],
      ['B', 73.8501, 18.52, VEHICLE_STATE.LimpHome],
      ['C', 73.8502, 18.52, VEHICLE_STATE.Drive],
    ]),
    { zoom: 11, bounds: view },
  );
  expect(clusters(features)[0]!.properties.faults).toBe(2);
});

test('a vehicle alone in its cell is a point coloured by its state', () => {
  const { features } = clusterVehicles(
    fleet([
      ['A', 73.75, 18.45, VEHICLE_STATE.ACCharge],
      ['B', 73.95, 18.65, VEHICLE_STATE.Drive],
    ]),
    { zoom: 11, bounds: view },
  );
  expect(points(features).map((f) => f.properties)).toEqual([
    { id: 'A', group: 'charge', colour: STATE_GROUP_COLOUR.charge },
    { id: 'B', group: 'drive', colour: STATE_GROUP_COLOUR.drive },
  ]);
  expect(points(features)[0]!.geometry.coordinates).toEqual([73.75, 18.45]);
});

test('past the cluster zoom every vehicle is its own point', () => {
  const close: Vehicle[] = [
    ['A', 73.85, 18.52, VEHICLE_STATE.Drive],
    ['B', 73.85001, 18.52, VEHICLE_STATE.Drive],
  ];
  const bounds = { west: 73.84, south: 18.51, east: 73.86, north: 18.53 };
  expect(clusters(clusterVehicles(fleet(close), { zoom: CLUSTER_MAX_ZOOM, bounds }).features)).toHaveLength(1);
  expect(points(clusterVehicles(fleet(close), { zoom: CLUSTER_MAX_ZOOM + 0.5, bounds }).features)).toHaveLength(2);
});

test('vehicles far outside the view are left out, those just outside are kept for a pan', () => {
  const bounds = { west: 73.84, south: 18.51, east: 73.86, north: 18.53 };
  const { features } = clusterVehicles(
    fleet([
      ['IN', 73.85, 18.52, VEHICLE_STATE.Drive],
      ['NEAR', 73.865, 18.52, VEHICLE_STATE.Drive],
      ['FAR', 73.95, 18.52, VEHICLE_STATE.Drive],
    ]),
    { zoom: 15, bounds },
  );
  expect(points(features).map((f) => f.properties.id)).toEqual(['IN', 'NEAR']);
});

test('a cluster keeps its id while its vehicles move within the cell', () => {
  const a = clusterVehicles(
    fleet([
      ['A', 73.8501, 18.5201, VEHICLE_STATE.Drive],
      ['B', 73.8502, 18.5202, VEHICLE_STATE.Drive],
    ]),
    { zoom: 11, bounds: view },
  );
  const b = clusterVehicles(
    fleet([
      ['A', 73.8502, 18.5202, VEHICLE_STATE.Drive],
      ['B', 73.8503, 18.5203, VEHICLE_STATE.Drive],
    ]),
    { zoom: 11.7, bounds: view },
  );
  expect(clusters(b.features)[0]!.properties.cluster_id).toBe(clusters(a.features)[0]!.properties.cluster_id);
});

test('10,000 vehicles over the demo region become a few hundred features at the fleet view', () => {
  const vehicles: Vehicle[] = [];
  for (let i = 0; i < 10_000; i++) {
    vehicles.push([`V${i}`, 73.7 + ((i * 7919) % 10_000) / 36_000, 18.42 + ((i * 104_729) % 10_000) / 38_000, 66]);
  }
  const { features } = clusterVehicles(fleet(vehicles), { zoom: 11.5, bounds: view });
  expect(features.length).toBeLessThan(1000);
  expect(clusters(features).reduce((n, c) => n + c.properties.point_count, 0) + points(features).length).toBe(10_000);
});
