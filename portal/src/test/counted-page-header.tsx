import type { ComponentProps } from 'react';
import { vi } from 'vitest';

/**
 * The page header, counting its renders: for tests that check a list change re-renders the list and not the page
 * around it. Use as the module's mock: `vi.mock('@/shared/ui/page-header', () => import('@/test/counted-page-header'))`.
 */
const actual = await vi.importActual<typeof import('@/shared/ui/page-header')>('@/shared/ui/page-header');

export const pageHeaderRenders = { count: 0 };

export function PageHeader(props: ComponentProps<typeof actual.PageHeader>) {
  pageHeaderRenders.count += 1;
  return <actual.PageHeader {...props} />;
}
