import { describe, expect, test } from 'vitest';
import {
  allClusterCountLabels,
  CLUSTER_COUNT_IMAGE,
  CLUSTER_COUNT_IMAGE_PREFIX,
  clusterCountImageId,
  clusterCountLabel,
  labelOfImageId,
} from './cluster-count';

/** Evaluates the few expression operators the count image uses, as MapLibre's style spec defines them. */
function evaluate(expression: unknown, properties: Record<string, number>): unknown {
  if (!Array.isArray(expression)) return expression;
  const [op, ...args] = expression as [string, ...unknown[]];
  const arg = (i: number) => evaluate(args[i], properties);
  switch (op) {
    case 'get':
      return properties[args[0] as string];
    case 'to-string':
      return String(arg(0));
    case 'concat':
      return args.map((_, i) => arg(i)).join('');
    case 'floor':
      return Math.floor(arg(0) as number);
    case '/':
      return (arg(0) as number) / (arg(1) as number);
    case '%':
      return (arg(0) as number) % (arg(1) as number);
    case '<':
      return (arg(0) as number) < (arg(1) as number);
    case '!=':
      return arg(0) !== arg(1);
    case 'all':
      return args.every((_, i) => arg(i) === true);
    case 'case': {
      for (let i = 0; i + 1 < args.length; i += 2) if (arg(i) === true) return arg(i + 1);
      return arg(args.length - 1);
    }
    default:
      throw new Error(`operator ${op} is not evaluated here`);
  }
}

describe('cluster counts', () => {
  test('are exact below 1,000 and in thousands above, never rounded up past the count', () => {
    expect(clusterCountLabel(2)).toBe('2');
    expect(clusterCountLabel(999)).toBe('999');
    expect(clusterCountLabel(1000)).toBe('1k');
    expect(clusterCountLabel(1290)).toBe('1.2k');
    expect(clusterCountLabel(9999)).toBe('9.9k');
    expect(clusterCountLabel(12_800)).toBe('12k');
  });

  test("the map's image expression names the same image as the label, for every count up to 100,000", () => {
    for (let count = 1; count <= 100_000; count += count < 2000 ? 1 : 37) {
      expect(evaluate(CLUSTER_COUNT_IMAGE, { point_count: count })).toBe(clusterCountImageId(count));
    }
  });

  test('every image the map can ask for is among the ones made ahead, and they are few', () => {
    const made = new Set(allClusterCountLabels());
    for (let count = 1; count <= 100_000; count += 1) expect(made.has(clusterCountLabel(count))).toBe(true);
    expect(made.size).toBeLessThan(1200);
  });

  test('read their label back from the image id the layer asks for, and ignore other images', () => {
    expect(labelOfImageId(`${CLUSTER_COUNT_IMAGE_PREFIX}37`)).toBe('37');
    expect(labelOfImageId(`${CLUSTER_COUNT_IMAGE_PREFIX}1.2k`)).toBe('1.2k');
    expect(labelOfImageId(`${CLUSTER_COUNT_IMAGE_PREFIX}100k`)).toBe('100k');
    expect(labelOfImageId(`${CLUSTER_COUNT_IMAGE_PREFIX}x`)).toBeNull();
    expect(labelOfImageId(`${CLUSTER_COUNT_IMAGE_PREFIX}0`)).toBeNull();
    expect(labelOfImageId(`${CLUSTER_COUNT_IMAGE_PREFIX}1.0k`)).toBeNull();
    expect(labelOfImageId('marker-pin')).toBeNull();
  });
});
