import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '@/domain/constants';
import { RouteProgress } from './route-progress';
import { useRouteTitle } from './use-route-title';

/** `Page | Voltline`, or the product name alone when the route has no title. */
export function documentTitleFor(title: string | undefined): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** The root of every route: document title from the route table and the route-change spinner. */
export function RootLayout() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = documentTitleFor(title);
  }, [title]);
  return (
    <>
      <RouteProgress />
      <Outlet />
    </>
  );
}
