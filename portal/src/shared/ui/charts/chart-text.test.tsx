import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { heatmapText, timeSeriesText } from './chart-text';
import { TimeSeriesChart } from './time-series-chart';

const T0 = Date.UTC(2026, 10, 25, 8, 0, 0);
const soc = {
  name: 'SoC',
  unit: '%',
  points: [
    [T0, 80],
    [T0 + 60_000, 70],
    [T0 + 120_000, 75],
  ] as [number, number][],
};
const temp = {
  name: 'Temperature',
  unit: '°C',
  points: [
    [T0, 30],
    [T0 + 60_000, 34],
  ] as [number, number][],
};

describe('chart text alternatives', () => {
  test('a time series is summarised from all its points: span, min, max, average, latest', () => {
    const text = timeSeriesText('Telemetry', [soc, temp]);
    expect(text.table.columns).toEqual([
      'Series',
      'Unit',
      'Points',
      'From',
      'To',
      'Minimum',
      'Maximum',
      'Average',
      'Latest',
    ]);
    const [socRow, tempRow] = text.table.rows;
    expect(socRow?.slice(0, 3)).toEqual(['SoC', '%', '3']);
    expect(socRow?.slice(5)).toEqual(['70.00 %', '80.00 %', '75.00 %', '75.00 %']);
    expect(tempRow?.slice(5)).toEqual(['30.00 °C', '34.00 °C', '32.00 °C', '34.00 °C']);
    expect(text.summary).toContain('Telemetry: 2 lines');
    expect(text.summary).toContain('SoC from 70.00 % to 80.00 %, latest 75.00 %');
  });

  test('an empty chart says there is no data instead of inventing figures', () => {
    expect(timeSeriesText('Telemetry', []).summary).toBe('Telemetry: no data in this range.');
    expect(timeSeriesText('Telemetry', [{ name: 'SoC', unit: '%', points: [] }]).table.rows[0]?.[2]).toBe('0');
  });

  test('a heatmap names where its lowest and highest values are, and summarises each row', () => {
    const text = heatmapText(
      'Cell voltages',
      ['08:00', '08:01'],
      ['Cell 1', 'Cell 2'],
      [
        [0, 0, 3.2],
        [1, 0, 3.3],
        [0, 1, 3.25],
        [1, 1, 3.1],
      ],
      'V',
    );
    expect(text.summary).toBe(
      'Cell voltages: 2 rows over 2 columns. Lowest 3.10 V (Cell 2, 08:01), highest 3.30 V (Cell 1, 08:01).',
    );
    expect(text.table.rows).toEqual([
      ['Cell 1', '3.20 V', '3.30 V', '3.25 V'],
      ['Cell 2', '3.10 V', '3.25 V', '3.18 V'],
    ]);
  });
});

describe('a chart on the page', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('where no canvas exists, the figure is described by its summary and its data table is shown', () => {
    renderWithProviders(<TimeSeriesChart label="SoC over time" series={[soc]} />);
    const figure = screen.getByRole('figure', { name: 'SoC over time' });
    expect(figure).toHaveAccessibleDescription(/SoC from 70.00 % to 80.00 %/);
    const table = within(figure).getByRole('table', { name: 'SoC over time' });
    expect(within(table).getByRole('rowheader', { name: 'SoC' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('75.00 %');
  });

  test('where charts draw, the data table opens and closes with a button that says its state', async () => {
    vi.stubGlobal('CanvasRenderingContext2D', class {});
    renderWithProviders(<TimeSeriesChart label="SoC over time" series={[soc]} />);
    const figure = screen.getByRole('figure', { name: 'SoC over time' });
    expect(within(figure).queryByRole('table')).not.toBeInTheDocument();
    const toggle = within(figure).getByRole('button', { name: 'Show data table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(within(figure).getByRole('table', { name: 'SoC over time' })).toBeInTheDocument();
    expect(within(figure).getByRole('button', { name: 'Hide data table' })).toHaveAttribute('aria-expanded', 'true');
  });
});
