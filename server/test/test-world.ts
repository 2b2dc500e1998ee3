/** The size of the seeded demo world in the tests: big enough for every scope to hold vehicles, small to seed. */
export const TEST_VEHICLES = 120;
