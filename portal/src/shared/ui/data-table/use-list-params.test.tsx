import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import { type ListParams, useListParams } from './use-list-params';

const KEYS = ['status'] as const;

function inRouter(url: string) {
  return ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
}

describe('useListParams', () => {
  test('a change hands the next params to onChange and then shows them', () => {
    const onChange = vi.fn<(next: ListParams) => void>();
    const { result } = renderHook(() => useListParams(KEYS, onChange), {
      wrapper: inRouter('/list?page=3&sort=vin:asc'),
    });
    act(() => result.current[1]({ filters: { status: '1' } }));
    const expected = {
      page: 1,
      pageSize: 25,
      sort: { field: 'vin', direction: 'asc' },
      q: '',
      filters: { status: '1' },
    };
    expect(onChange).toHaveBeenCalledWith(expected);
    expect(result.current[0]).toEqual(expected);
  });

  test('the setter stays the same function when the params change', () => {
    const { result } = renderHook(() => useListParams(KEYS), { wrapper: inRouter('/list') });
    const first = result.current[1];
    act(() => first({ page: 2 }));
    expect(result.current[0].page).toBe(2);
    expect(result.current[1]).toBe(first);
  });
});
