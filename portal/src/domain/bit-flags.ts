/** Bit flags of portal spec §3 (delivery methods, components) and helpers between a flag number and labels. */

export const DELIVERY_METHOD = {
  PUSH_NOTIFICATION: 1,
  EMAIL: 2,
  SMS: 4,
  WEB_HOOK: 8,
  WEB_ALERT: 16,
  COMMAND: 32,
} as const;
export const DELIVERY_METHOD_LABELS = {
  1: 'Push Notification',
  2: 'Email',
  4: 'SMS',
  8: 'Web Hook',
  16: 'Web Alert',
  32: 'Command',
} as const satisfies Record<(typeof DELIVERY_METHOD)[keyof typeof DELIVERY_METHOD], string>;

export const COMPONENT_FLAG = { VCU: 1, BMS: 2, MCU: 4 } as const;
export const COMPONENT_FLAG_LABELS = { 1: 'VCU', 2: 'BMS', 4: 'MCU' } as const satisfies Record<
  (typeof COMPONENT_FLAG)[keyof typeof COMPONENT_FLAG],
  string
>;

/** A flag table: each single-bit value mapped to its label. */
export type FlagLabels = Readonly<Record<number, string>>;

/** The labels of the bits set in `flags`, in ascending bit order. Unknown bits are ignored. */
export function flagsToLabels(labels: FlagLabels, flags: number): string[] {
  return Object.keys(labels)
    .map(Number)
    .sort((a, b) => a - b)
    .filter((bit) => (flags & bit) === bit)
    .map((bit) => labels[bit] as string);
}

/** The flag number of a list of labels; throws on a label that is not in the table, so typos surface early. */
export function labelsToFlags(labels: FlagLabels, names: readonly string[]): number {
  const byLabel = new Map(Object.entries(labels).map(([bit, label]) => [label, Number(bit)]));
  return names.reduce((acc, name) => {
    const bit = byLabel.get(name);
    if (bit === undefined) throw new Error(`Unknown flag label: ${name}`);
    return acc | bit;
  }, 0);
}

/** True when every bit of `flag` is set in `flags`. */
export function hasFlag(flags: number, flag: number): boolean {
  return (flags & flag) === flag;
}
