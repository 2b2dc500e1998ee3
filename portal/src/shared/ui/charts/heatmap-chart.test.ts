import { describe, expect, it } from 'vitest';
import { heatmapOption, scaleDecimals } from './heatmap-chart';

describe('heatmap colour scale', () => {
  it('labels a narrow voltage span with enough decimals to tell its ends apart', () => {
    const option = heatmapOption({
      xLabels: ['22:00', '22:05'],
      yLabels: ['Cell 1', 'Cell 2'],
      cells: [
        [0, 0, 3.2214],
        [1, 1, 3.2816],
      ],
      unit: 'V',
    });
    const visualMap = option.visualMap as { precision: number; text: string[] };
    // the drag handles' labels are rounded to `precision`: with 0 both read "3"
    expect(visualMap.precision).toBe(3);
    expect(visualMap.text).toEqual(['3.282 V', '3.221 V']);
  });

  it('keeps whole numbers for a wide span and copes with one value or none', () => {
    expect(scaleDecimals(25, 40)).toBe(0);
    expect(scaleDecimals(25.2, 26.9)).toBe(1);
    expect(scaleDecimals(3.3, 3.3)).toBe(2);
    const empty = heatmapOption({ xLabels: [], yLabels: [], cells: [], unit: '°C' });
    expect((empty.visualMap as { text: string[] }).text).toEqual(['1.0 °C', '0.0 °C']);
  });
});
