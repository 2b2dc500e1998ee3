// The vehicle-list requests the server benches ask (vehicle-list.ts, cpu-per-request.ts).
import { random } from './lib';

const FILTERS: [string, string[]][] = [
  ['connectivity', ['Wi-Fi', 'GSM', '3G', '4G', '5G']],
  ['status', ['0', '1']],
  ['vehicleType', ['2 Wheeler', '3 Wheeler']],
  ['healthRating', ['1', '2', '3', '4', '5']],
  ['isLive', ['true', 'false']],
  ['stateCode', ['0', '16', '32', '64', '96', 'F']],
];
const SORTS = ['vin', 'registrationNumber', 'lastSeenAt', 'soc', 'odometerKm', 'healthRating', 'createdAt', 'status'];

/** The list requests: one or two filters, one sort (either direction), a page among the first 20 of 25/50/100 rows. */
export function listPaths(count: number, seed = 39): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const params = new URLSearchParams();
    const filters = new Set([pick(FILTERS)]);
    if (next() < 0.5) filters.add(pick(FILTERS));
    for (const [field, values] of filters) params.append(`filter[${field}]`, pick(values));
    params.set('sort', `${pick(SORTS)}:${next() < 0.5 ? 'asc' : 'desc'}`);
    params.set('page', String(1 + Math.floor(next() * 20)));
    params.set('pageSize', String(pick([25, 50, 100])));
    paths.push(`/api/vehicles?${params}`);
  }
  return paths;
}
