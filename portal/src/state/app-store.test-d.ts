import { expectTypeOf, test } from 'vitest';
import type { AppState } from './app-store';
import type { PersistedGroups } from './persistence';

type IsAny<T> = 0 extends 1 & T ? true : false;
type IsUnknown<T> = IsAny<T> extends true ? false : unknown extends T ? true : false;

/**
 * The paths (`vehicle.data.position.lat`, `dashboardConfig.dashboards[]`) of a type whose type is `unknown` or `any`,
 * or `never` when there is none. Actions are skipped: this is about what the store holds. The depth limit stops
 * recursive types such as JSON values.
 */
type UntypedPaths<T, Path extends string = '', Depth extends unknown[] = []> =
  IsAny<T> extends true
    ? Path
    : IsUnknown<T> extends true
      ? Path
      : Depth['length'] extends 8
        ? never
        : T extends (...args: never[]) => unknown
          ? never
          : T extends readonly (infer Item)[]
            ? UntypedPaths<Item, `${Path}[]`, [...Depth, 0]>
            : T extends object
              ? {
                  [K in keyof T & string]-?: UntypedPaths<T[K], Path extends '' ? K : `${Path}.${K}`, [...Depth, 0]>;
                }[keyof T & string]
              : never;

/** Fails with the offending paths in the message: `Type '"vehicle.x"' does not satisfy the constraint 'never'`. */
type NoPaths<Paths extends never> = Paths;

test('the check itself finds unknown and any at any depth', () => {
  expectTypeOf<UntypedPaths<{ a: { b: unknown } }>>().toEqualTypeOf<'a.b'>();
  // biome-ignore lint/suspicious/noExplicitAny: the check must catch `any` too
  expectTypeOf<UntypedPaths<{ list: { x: any }[] }>>().toEqualTypeOf<'list[].x'>();
  expectTypeOf<UntypedPaths<{ map: Record<string, unknown> }>>().toEqualTypeOf<`map.${string}`>();
  expectTypeOf<UntypedPaths<{ a: string | null; b: number[]; run: (x: unknown) => void }>>().toEqualTypeOf<never>();
});

test('no field of the store state is typed unknown or any', () => {
  expectTypeOf<NoPaths<UntypedPaths<AppState>>>().toBeNever();
});

test('no field of the persisted groups is typed unknown or any', () => {
  expectTypeOf<NoPaths<UntypedPaths<PersistedGroups>>>().toBeNever();
});
