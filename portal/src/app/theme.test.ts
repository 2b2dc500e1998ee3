import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, test } from 'vitest';
import { SEVERITY_COLORS } from '@/domain/enums';
import { composite, contrastRatio, parseHex } from './contrast';
import { COLOR_ROLES, DIMMED_TEXT, textColorFor } from './theme';

const SURFACES = ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]].map(parseHex);

describe('theme contrast (WCAG AA)', () => {
  test('dimmed text reaches 4.5:1 on white, gray.0 and gray.1', () => {
    for (const surface of SURFACES) expect(contrastRatio(parseHex(DIMMED_TEXT), surface)).toBeGreaterThanOrEqual(4.5);
  });

  test.each(Object.entries(COLOR_ROLES))(
    '%s text reaches 4.5:1 on the surfaces and on its own light tint',
    (name, roles) => {
      const tint = parseHex((DEFAULT_THEME.colors as Record<string, readonly string[]>)[name]?.[6] ?? '');
      for (const surface of SURFACES) {
        expect(contrastRatio(parseHex(roles.text), surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(parseHex(roles.text), composite(tint, 0.1, surface))).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  test.each(Object.entries(COLOR_ROLES))('%s filled carries its text at 4.5:1', (_name, roles) => {
    expect(contrastRatio(parseHex(roles.filled), parseHex(roles.onFilled))).toBeGreaterThanOrEqual(4.5);
  });

  test('the primary colour stays blue: filled and text come from the blue palette', () => {
    expect(DEFAULT_THEME.colors.blue).toContain(COLOR_ROLES.blue?.filled);
    expect(DEFAULT_THEME.colors.blue).toContain(COLOR_ROLES.blue?.text);
  });

  test.each(Object.entries(SEVERITY_COLORS))(
    'text in the %s severity colour reaches 4.5:1 on its tint',
    (_level, hex) => {
      const text = textColorFor(parseHex(hex));
      for (const surface of SURFACES) {
        expect(contrastRatio(text, composite(parseHex(hex), 0.1, surface))).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});
