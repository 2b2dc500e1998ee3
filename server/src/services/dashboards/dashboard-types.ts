import type { Schemas } from '../lib/api-types';

export type Dashboard = Schemas['Dashboard'];
export type DashboardPanel = Schemas['DashboardPanel'];

/** A saved dashboard as stored: its owner (account and the role it held when saving) and its place in their list. */
export interface StoredDashboard {
  id: string;
  userId: string;
  role: string;
  name: string;
  panels: DashboardPanel[];
  position: number;
  createdAt: string;
  updatedAt: string;
}

export const DASHBOARD_AUDIT_ENTITY = 'Dashboard';

/** Most dashboards one user keeps, most panels on one dashboard (openapi.yaml DashboardInput: maxItems 24). */
export const MAX_DASHBOARDS = 20;
export const MAX_PANELS = 24;
