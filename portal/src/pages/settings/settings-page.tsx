import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Company logo', 'REST API keys', 'Delivery methods'] as const;

/** Company settings. */
export function SettingsPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Company settings." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
