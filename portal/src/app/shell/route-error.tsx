import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ForbiddenPage } from '@/pages/errors/forbidden-page';
import { NotFoundPage } from '@/pages/errors/not-found-page';
import { ErrorScreen } from './error-screen';

/** Error element of each page: 403 and 404 render inside the shell; anything else bubbles up to the error screen. */
export function PageRouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}

/** Error element of the root route: the full-page error screen. */
export function RootRouteError() {
  const error = useRouteError();
  console.error('Route error', error);
  return <ErrorScreen />;
}
