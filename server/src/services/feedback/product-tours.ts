import { notFound, validationFailed } from '../lib/app-error';
import type { FeedbackDeps, StoredProductTour } from './feedback-store';
import { type WidgetCaller, authenticateKey } from './widget-auth';

/** An outbound id longer than this names no tour (the column's limit, migration 0032). */
export const OUTBOUND_ID_MAX = 200;

type TourDeps = Pick<FeedbackDeps, 'sdkKeys' | 'engagement'>;

/** The body's `{outboundId}`: a non-empty text of at most OUTBOUND_ID_MAX characters, or 400. */
function outboundIdOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationFailed({ body: 'Must be an object with an outboundId.' });
  }
  const id = (body as { outboundId?: unknown }).outboundId;
  if (typeof id !== 'string' || id.trim() === '') throw validationFailed({ outboundId: 'Required.' });
  if (id.length > OUTBOUND_ID_MAX) throw validationFailed({ outboundId: `At most ${OUTBOUND_ID_MAX} characters.` });
  if (id.includes('\u0000')) throw validationFailed({ outboundId: 'Text may not contain the character U+0000.' });
  return id;
}

/**
 * The caller's key (`Api-Token`; unknown or revoked is 401) and its tour of the body's outbound id. Tours are looked up
 * under the caller's own key only, so another organisation's tour is never found.
 */
async function tourOf(deps: TourDeps, caller: WidgetCaller, body: unknown): Promise<StoredProductTour | undefined> {
  const key = await authenticateKey(deps, caller.apiToken);
  return deps.engagement.tour(key.id, outboundIdOf(body));
}

/**
 * `POST /outbound/producttours` `{outboundId}`: the tour's config under `config` (gleap@14.2.11 reads it there), live or
 * draft (the widget starts a tour it asked for by id; validation is the call that checks it is live); 404 when the
 * key has no such tour.
 */
export async function getProductTour(
  deps: TourDeps,
  caller: WidgetCaller,
  input: { body: unknown },
): Promise<{ config: Record<string, unknown> }> {
  const tour = await tourOf(deps, caller, input.body);
  if (!tour) throw notFound('Product tour');
  return { config: tour.config };
}

/**
 * `POST /outbound/producttourvalidation` `{outboundId}`: whether the tour may start, `{status, config}`; a tour the key
 * does not have is `{status: 'draft'}` (it may not start), as gleap answers.
 */
export async function validateProductTour(
  deps: TourDeps,
  caller: WidgetCaller,
  input: { body: unknown },
): Promise<{ status: 'live' | 'draft'; config?: Record<string, unknown> }> {
  const tour = await tourOf(deps, caller, input.body);
  return tour ? { status: tour.status, config: tour.config } : { status: 'draft' };
}
