import { expect, test } from 'vitest';
import { toCsv } from './csv';

test('cells with commas, quotes or line breaks are quoted; formulas are defused', () => {
  const csv = toCsv(
    ['a', 'b', 'c'],
    [
      { a: 'x,y', b: 'say "hi"', c: '=SUM(A1)' },
      { a: null, b: 3, c: true },
    ],
  );
  expect(csv).toBe('a,b,c\r\n"x,y","say ""hi""",\'=SUM(A1)\r\n,3,true\r\n');
});
