import { expect, type Page } from '@playwright/test';
import { mapsHarness } from '../../selectors';

/** What the maps harness page exposes on `window.__maps` (harness/main.jsx). */
export type MapsWindow = {
  __maps: {
    map: {
      queryRenderedFeatures(options: { layers: string[] }): { properties: Record<string, unknown> }[];
      getCenter(): { lng: number; lat: number };
      getZoom(): number;
      hasImage(id: string): boolean;
    } | null;
    topics: string[];
    frameMs: number[];
    submitted: {
      name: string;
      rule: string;
      dwellMinutes?: number;
      deliveryMethods: number;
      geometry: { coordinates: number[][][] };
    }[];
    setVehicle(id: string, vehicle: Record<string, unknown>): void;
    moveAll(dLon: number, dLat: number): void;
    subscribed(): readonly string[];
    project(lon: number, lat: number): { x: number; y: number };
  };
};

/** Opens a harness view and waits until the map has drawn once. */
export async function openMaps(page: Page, url: string, query: string) {
  await page.goto(`${url}?${query}`);
  await expect(page.locator(mapsHarness.harnessBody)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
}

/** The page coordinates of a longitude/latitude on the harness map. */
export const screenPoint = (page: Page, lon: number, lat: number) =>
  page.evaluate(([x, y]) => (window as unknown as MapsWindow).__maps.project(x, y), [lon, lat] as const);
