import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Upload releases per device kind and model', 'Roll out to devices'] as const;

/** Firmware releases for over-the-air updates (FOTA). */
export function FirmwareReleasePage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Firmware releases for over-the-air updates (FOTA)." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
