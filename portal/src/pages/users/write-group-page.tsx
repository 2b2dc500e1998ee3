import { useSearchParams } from 'react-router-dom';
import type { RoutePageProps } from '@/config/paths';
import { DeviceGroupEditor } from '@/features/users/components/device-group-form';
import { PageHeader } from '@/shared/ui/page-header';

/** Create (`/write-group`) or edit (`?id=`) a device group. */
export function WriteGroupPage({ route }: RoutePageProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <>
      <PageHeader
        title={route.title}
        description={
          id
            ? 'Edit the device group: its owner and its vehicles.'
            : 'A group of vehicles owned by a service centre, fleet, EV owner or driver, picked or built by a filter.'
        }
      />
      <DeviceGroupEditor key={id ?? 'new'} groupId={id} />
    </>
  );
}
