/** The query of a telemetry request as the services take it (they check it: range, points, keys). */
export function telemetryQuery(url: URL): { from?: string; to?: string; keys?: string; points?: string } {
  const get = (name: string) => url.searchParams.get(name) ?? undefined;
  return { from: get('from'), to: get('to'), keys: get('keys'), points: get('points') };
}
