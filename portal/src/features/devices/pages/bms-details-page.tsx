import { useParams } from 'react-router-dom';
import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { BMS_TABS } from '@/domain/tab-sets';
import { useCan } from '@/state/use-can';
import { TabbedDetails } from '@/shared/ui/tabbed-details';

/** BMS details: the tab set of spec §2, each tab shown only with its permission key; the current tab is `?tab=`. */
export function BmsDetailsPage({ route }: RoutePageProps) {
  const { id } = useParams();
  const can = useCan();
  const tabs = BMS_TABS.filter((tab) => can(tab.permission));
  return (
    <TabbedDetails
      title={route.title}
      recordId={id}
      tabsLabel="BMS details"
      tabs={tabs}
      arrivesWith={LATER_WORK[route.later ?? 'later']}
    />
  );
}
