import { resetWorldDb } from '../world/world-instance';
import { call, signIn } from './api-test-client';

/**
 * A world with a fleet of `count` vehicles whose model has `code`, gathered into one picked device group (the seeded
 * world has no owner that large); answers the group and its vehicles.
 */
export async function worldWithGroupOf(count: number, code: string) {
  const db = await resetWorldDb({ seed: 1, size: Math.ceil(count * 1.6) });
  const fleet = db.tables.fleets.all()[0]!;
  const vehicles = db.tables.vehicles
    .all()
    .filter((v) => db.tables.models.get(v.modelId)?.commands?.some((c) => c.code === code))
    .slice(0, count);
  if (vehicles.length < count) throw new Error(`only ${vehicles.length} vehicles of the world have ${code}`);
  for (const v of vehicles) db.tables.vehicles.update(v.id, { fleetId: fleet.id, evOwnerId: null });
  const token = await signIn('SA');
  const group = await call('POST', '/device-groups', {
    token,
    body: {
      name: `Fleet ${count}`,
      ownerKind: 'fleet',
      ownerId: fleet.id,
      mode: 'pick',
      vehicleIds: vehicles.map((v) => v.id),
    },
  });
  if (group.status !== 201) throw new Error(`could not make the group: ${JSON.stringify(group.body)}`);
  return { db, token, groupId: group.body.id as string, vehicleIds: vehicles.map((v) => v.id) };
}
