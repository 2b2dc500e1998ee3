import type GleapAnchor from 'gleap';
import { expectTypeOf, test } from 'vitest';
import { Gleap } from './index';

// The published gleap@14.2.11 typings (a dev dependency, never bundled) are the anchor: our `Gleap` must be usable
// wherever gleap's is, so an integrator can swap the import and still type-check.
test('the public API is assignable to gleap@14.2.11 index.d.ts, function by function', () => {
  const swapped: typeof GleapAnchor = Gleap;
  expectTypeOf(Gleap).toExtend<typeof GleapAnchor>();
});
