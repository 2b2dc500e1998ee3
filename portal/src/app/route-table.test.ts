import { expect, test } from 'vitest';
import { ROUTES } from '@/config/paths';
import { ROUTE_TABLE } from './route-table';

test('adds a lazy page to every route of the table, in its order, and an icon to every navigation entry', async () => {
  expect(ROUTE_TABLE.map((r) => r.id)).toEqual(ROUTES.map((r) => r.id));
  for (const route of ROUTE_TABLE) {
    const { Component } = await route.load();
    expect(typeof Component, route.path).toBe('function');
    if (route.nav) expect(route.nav.icon, route.path).toBeTruthy();
  }
});
