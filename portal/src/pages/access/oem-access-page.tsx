import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['List, add and edit OEMs'] as const;

/** Manufacturers (OEMs) and their access to the platform. */
export function OemAccessPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Manufacturers (OEMs) and their access to the platform." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
