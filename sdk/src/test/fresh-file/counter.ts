/** A module with state of its own: a file that shares its worker must still find it as first loaded. */
export let count = 0;
export function bump(): number {
  count += 1;
  return count;
}
