import { useSearchParams } from 'react-router-dom';
import type { RoutePageProps } from '@/config/paths';
import { PageHeader } from '@/shared/ui/page-header';
import { ConfigurationFlow } from '@/features/models/components/configuration-flow';
import { DraftList } from '@/features/models/components/draft-list';

/** The six-step model configuration flow; without a model it offers the drafts to resume above a new model's step 1. */
export function ModelConfigurationPage({ route }: RoutePageProps) {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={route.title} description="Configure a vehicle or device model step by step." />
      {params.get('model') ? null : <DraftList />}
      <ConfigurationFlow />
    </>
  );
}
