import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { createServiceDeps } from './deps';
import { authenticate } from './services/auth/authenticate';
import { login } from './services/auth/login';
import { logout } from './services/auth/logout';
import { issueVehicleSecret } from './services/ingestion/vehicle-secret';
import { openDatabase } from './start';

/**
 * `VOLTLINE_EMAIL=… VOLTLINE_PASSWORD=… pnpm --filter @voltline/server vehicle-secret <vehicleId>`: issues (or
 * replaces) a vehicle's device secret for the broker (decision 0117) and prints it once. The operator signs in as a
 * platform account (a Super Admin); the database is the server's (on PGlite, stop the server first: one process at a
 * time holds its directory).
 */
async function main(): Promise<void> {
  const vehicleId = process.argv[2];
  const email = process.env.VOLTLINE_EMAIL ?? '';
  const password = process.env.VOLTLINE_PASSWORD ?? '';
  if (!vehicleId || email === '' || password === '') {
    throw new Error('usage: VOLTLINE_EMAIL=… VOLTLINE_PASSWORD=… vehicle-secret <vehicleId>');
  }
  const database = await openDatabase(loadConfig());
  try {
    await migrate(database);
    const deps = createServiceDeps(database.db);
    const client = { ip: null, userAgent: 'vehicle-secret' };
    const { token } = await login(deps.auth, client, { email, password });
    const caller = await authenticate(deps.auth, token, client);
    try {
      const { secret } = await issueVehicleSecret(deps.ingestion, caller, { vehicleId });
      console.log(`MQTT username: ${vehicleId}\nMQTT password: ${secret}`);
    } finally {
      await logout(deps.auth, caller);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
