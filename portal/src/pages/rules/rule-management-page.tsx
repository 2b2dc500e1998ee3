import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = [
  'Conditions with AND / OR, scope OEM, model or device',
  'Delivery methods: push, e-mail, SMS, web hook, web alert, command',
] as const;

/** Rules that raise notifications and commands. */
export function RuleManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Rules that raise notifications and commands." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
