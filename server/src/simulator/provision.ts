import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Db } from '../db/database';
import type { ServiceDeps } from '../deps';
import type { Caller } from '../services/lib/caller';
import { issueVehicleSecret } from '../services/ingestion/vehicle-secret';
import type { SimulatedVehicle } from './fleet-simulation';

/** Where the server writes the simulated vehicles' credentials for `pnpm simulate` (under DATA_DIR, mode 0600). */
export const simulatorFileOf = (dataDir: string) => join(dataDir, 'simulator-vehicles.json');

/**
 * The server itself as the operator that provisions its simulated vehicles: a platform caller (the only ones
 * `issueVehicleSecret` serves) that is no account and has no session.
 */
const simulatorOperator: Caller = {
  user: {
    id: 'system:simulator',
    name: 'Fleet simulator',
    email: 'simulator@voltline.invalid',
    role: 'SA',
    oemId: null,
    dealerId: null,
    fleetId: null,
    evOwnerId: null,
    driverId: null,
  },
  roleType: 'platform',
  permissions: {},
  sessionId: 'system:simulator',
  client: { ip: null, userAgent: 'fleet-simulator' },
};

/**
 * The first `count` seeded vehicles (by id) with a fresh device secret each, issued through the credentials service
 * (decision 0117; a new secret replaces the one before), whether the world has them online, and when each entered
 * service (its drive profile). Only the demo world's vehicles should be simulated: the secrets of real vehicles would
 * be replaced.
 */
export async function provisionSimulatedVehicles(
  db: Db,
  deps: Pick<ServiceDeps, 'ingestion'>,
  count: number,
): Promise<SimulatedVehicle[]> {
  const rows = await db
    .selectFrom('vehicles')
    .select(['id', 'created_at', 'is_live'])
    .orderBy('id')
    .limit(count)
    .execute();
  const vehicles: SimulatedVehicle[] = [];
  for (const row of rows) {
    const { secret } = await issueVehicleSecret(deps.ingestion, simulatorOperator, { vehicleId: row.id });
    vehicles.push({ id: row.id, secret, createdAt: new Date(row.created_at).getTime(), online: row.is_live });
  }
  return vehicles;
}

/** Saves the simulated vehicles' credentials for `pnpm simulate` (readable by the server's user only). */
export async function saveSimulatedVehicles(file: string, vehicles: readonly SimulatedVehicle[]): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ vehicles }, null, 1)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}

export async function loadSimulatedVehicles(file: string): Promise<SimulatedVehicle[]> {
  const data = JSON.parse(await readFile(file, 'utf8')) as { vehicles?: SimulatedVehicle[] };
  if (!Array.isArray(data.vehicles)) throw new Error(`${file} holds no vehicles`);
  return data.vehicles;
}
