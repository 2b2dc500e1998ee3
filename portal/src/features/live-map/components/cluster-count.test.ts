import { describe, expect, test } from 'vitest';
import { CLUSTER_COUNT_IMAGE_PREFIX, clusterCountLabel, countOfImageId } from './cluster-count';

describe('cluster counts', () => {
  test('are exact below 1,000 and in thousands above, never rounded up past the count', () => {
    expect(clusterCountLabel(2)).toBe('2');
    expect(clusterCountLabel(999)).toBe('999');
    expect(clusterCountLabel(1000)).toBe('1k');
    expect(clusterCountLabel(1290)).toBe('1.2k');
    expect(clusterCountLabel(9999)).toBe('9.9k');
    expect(clusterCountLabel(12_800)).toBe('12k');
  });

  test('read their count back from the image id the layer asks for, and ignore other images', () => {
    expect(countOfImageId(`${CLUSTER_COUNT_IMAGE_PREFIX}37`)).toBe(37);
    expect(countOfImageId(`${CLUSTER_COUNT_IMAGE_PREFIX}x`)).toBeNull();
    expect(countOfImageId(`${CLUSTER_COUNT_IMAGE_PREFIX}0`)).toBeNull();
    expect(countOfImageId('marker-pin')).toBeNull();
  });
});
