import { invalidQuery } from '../lib/app-error';

/** The longest range the panel data accepts: the world keeps 60 days of trips (decision 0077). */
export const MAX_RANGE_DAYS = 62;
const DAY_MS = 86_400_000;

/** The range of a panel's data (openapi.yaml parameters `from`, `to`): both ends, in order, at most 62 days long. */
export function dashboardRange(input: { from?: string | undefined; to?: string | undefined }): {
  from: Date;
  to: Date;
} {
  const from = Date.parse(input.from ?? '');
  const to = Date.parse(input.to ?? '');
  if (Number.isNaN(from) || Number.isNaN(to)) throw invalidQuery('from and to must be ISO 8601 date-times.');
  if (to <= from) throw invalidQuery('The range must end after it starts.');
  if (to - from > MAX_RANGE_DAYS * DAY_MS) throw invalidQuery(`Choose a range of at most ${MAX_RANGE_DAYS} days.`);
  return { from: new Date(from), to: new Date(to) };
}
