import { Badge } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

/** One fault or alert: its timeline, device, severity, related commands and tickets. */
export function FaultDetailsPage({ route }: RoutePageProps) {
  const { id } = useParams();
  return (
    <>
      <PageHeader
        title={route.title}
        actions={
          <Badge variant="light" size="lg" radius="sm">
            ID {id}
          </Badge>
        }
      />
      <ComingLater
        arrivesWith={LATER_WORK[route.later ?? 'later']}
        includes={['Timeline of the fault', 'Affected device and severity', 'Related commands and tickets']}
      />
    </>
  );
}
