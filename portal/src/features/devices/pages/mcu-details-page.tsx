import { useParams } from 'react-router-dom';
import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { MCU_TABS } from '@/domain/tab-sets';
import { useCan } from '@/state/use-can';
import { TabbedDetails } from '@/shared/ui/tabbed-details';

/** MCU details: the tab set of spec §2, each tab shown only with its permission key; the current tab is `?tab=`. */
export function McuDetailsPage({ route }: RoutePageProps) {
  const { id } = useParams();
  const can = useCan();
  const tabs = MCU_TABS.filter((tab) => can(tab.permission));
  return (
    <TabbedDetails
      title={route.title}
      recordId={id}
      tabsLabel="MCU details"
      tabs={tabs}
      arrivesWith={LATER_WORK[route.later ?? 'later']}
    />
  );
}
