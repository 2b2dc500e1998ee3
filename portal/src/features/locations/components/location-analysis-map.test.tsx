import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { type ApiSavedLocation, LocationAnalysisMap, toLocationFeatures } from './location-analysis-map';

const locations: ApiSavedLocation[] = [
  {
    id: 'l3',
    vehicleId: 'veh-1',
    kind: 3,
    name: 'Most frequent',
    location: { lat: 18.53, lng: 73.86 },
    visitCount: 120,
    lastVisitedAt: '2026-01-01T10:00:00Z',
  },
  {
    id: 'l1',
    vehicleId: 'veh-1',
    kind: 1,
    name: 'Home',
    location: { lat: 18.5, lng: 73.8 },
    visitCount: 40,
    lastVisitedAt: '2025-12-31T20:00:00Z',
  },
];

test('lists Home before Most frequent with their visit counts', () => {
  renderWithProviders(<LocationAnalysisMap vehicleId="veh-1" locations={locations} />);
  const items = within(screen.getByRole('list', { name: 'Saved locations' })).getAllByRole('listitem');
  expect(items.map((li) => li.textContent)).toEqual([
    expect.stringMatching(/^Home.*40 visits\b/),
    expect.stringMatching(/^Most frequent.*120 visits\b/),
  ]);
  expect(screen.getByRole('button', { name: /^Home .*show on the map$/ })).toBeInTheDocument();
});

test('a vehicle without saved locations says so', () => {
  renderWithProviders(<LocationAnalysisMap vehicleId="veh-1" locations={[]} />);
  expect(screen.getByText(/No saved locations for this vehicle yet/)).toBeInTheDocument();
});

test('the map features carry kind colour and visits for the heat', () => {
  const features = toLocationFeatures(locations).features;
  expect(features[0]).toMatchObject({
    properties: { kind: 3, colour: '#e8590c', visits: 120 },
    geometry: { coordinates: [73.86, 18.53] },
  });
});
