/**
 * A list that drops its oldest entries beyond `max`. `shift` removes the head in place (V8 trims the array's start);
 * `splice(0, n)` moved every entry on each push, which was all of the widget's measurable cost per console call
 * (decision 0101).
 */
export function pushBounded<T>(list: T[], item: T, max: number): void {
  for (list.push(item); list.length > max; list.shift());
}
