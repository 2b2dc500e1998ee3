// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ALERT_SEVERITY, decodeSeverity, FAULT_SEVERITY, SEVERITY_COLORS } from './enums';

describe('decodeSeverity: the one mapping from a severity value to its label and colour (decision 0113)', () => {
  test('the contract numbering (faults, alerts, notifications): Low 1, Medium 2, High 3, Critical 4', () => {
    expect(decodeSeverity(FAULT_SEVERITY.LOW)).toEqual({ label: 'Low', color: SEVERITY_COLORS.Low, level: 'Low' });
    expect(decodeSeverity(FAULT_SEVERITY.MEDIUM)).toMatchObject({ label: 'Medium', color: '#E2D02A' });
    expect(decodeSeverity(FAULT_SEVERITY.HIGH)).toMatchObject({ label: 'High', color: '#FF9800' });
    expect(decodeSeverity(FAULT_SEVERITY.CRITICAL)).toMatchObject({ label: 'Critical', color: '#DE465F' });
  });

  test('Emergency is dark red beyond Critical; None, SNA and unknown values are grey', () => {
    expect(decodeSeverity(FAULT_SEVERITY.EMERGENCY)).toEqual({ label: 'Emergency', color: '#7A1F2E', level: null });
    expect(decodeSeverity(FAULT_SEVERITY.NONE)).toEqual({ label: 'None', color: '#868E96', level: null });
    expect(decodeSeverity(FAULT_SEVERITY.SNA)).toEqual({ label: 'SNA', color: '#868E96', level: null });
    expect(decodeSeverity(9)).toEqual({ label: 'SNA', color: '#868E96', level: null });
  });

  test("the spec's alert-severity mapping decodes Medium 1, High 2, Low 3, Critical 4 with the same colours", () => {
    expect(decodeSeverity(ALERT_SEVERITY.MEDIUM, 'alert')).toEqual({
      label: 'Medium',
      color: '#E2D02A',
      level: 'Medium',
    });
    expect(decodeSeverity(ALERT_SEVERITY.HIGH, 'alert')).toMatchObject({ label: 'High', color: '#FF9800' });
    expect(decodeSeverity(ALERT_SEVERITY.LOW, 'alert')).toMatchObject({ label: 'Low', color: '#50C878' });
    expect(decodeSeverity(ALERT_SEVERITY.CRITICAL, 'alert')).toMatchObject({ label: 'Critical', color: '#DE465F' });
    expect(decodeSeverity(5, 'alert')).toMatchObject({ label: 'SNA', level: null });
    // The same number means different levels in the two numberings: the decoder is told which one it reads.
    expect(decodeSeverity(1, 'alert').label).not.toBe(decodeSeverity(1).label);
  });
});

describe('every place that shows a severity decodes it through decodeSeverity', () => {
  const SRC = resolve(process.cwd(), 'src');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return files(path);
      return /\.tsx?$/.test(e.name) && !/\.test(-d)?\.tsx?$/.test(e.name)
        ? [relative(SRC, path).split(sep).join('/')]
        : [];
    });
  // The UI layers: the demo server (mocks) sends numbers, it shows nothing.
  const ui = ['shared', 'features', 'pages', 'app'].flatMap((layer) => files(join(SRC, layer)));

  test('no UI module picks a severity colour of its own', () => {
    const offenders = ui.filter((file) =>
      /\b(faultSeverityColor|alertSeverityColor|SEVERITY_COLORS)\b|#7A1F2E/i.test(
        readFileSync(join(SRC, file), 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });

  test('no UI module looks a shown severity value up in the label tables (option lists of a form excepted)', () => {
    // Indexing a label table with a value (FAULT_SEVERITY_LABELS[x.severity]) decodes beside the one mapping.
    const offenders = ui.filter((file) =>
      /\b(FAULT_SEVERITY_LABELS|ALERT_SEVERITY_LABELS)\[(?!v as)/.test(readFileSync(join(SRC, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
