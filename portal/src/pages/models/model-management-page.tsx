import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { RoutePageProps } from '@/config/paths';
import { paths } from '@/config/paths';
import { PageHeader } from '@/shared/ui/page-header';
import { ModelList } from '@/features/models/components/model-list';
import { ModelView } from '@/features/models/components/model-view';
import { useModelActions } from '@/features/models/hooks/use-model-actions';
import { useModelPermissions } from '@/features/models/hooks/use-model-permissions';
import { MODEL_KIND_BY_SLUG, type ModelKindSlug, modelPath } from '@/features/models/lib/model-kinds';

/** Model management for one device kind: the list of its models, or one model (`?model=<id>`) with the six tabs. */
export function ModelManagementPage({ route }: RoutePageProps) {
  const slug = (route.params?.kind ?? 'ev') as ModelKindSlug;
  const kind = MODEL_KIND_BY_SLUG[slug] ?? 'EV';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const modelId = params.get('model');
  const permissions = useModelPermissions(kind);
  const actions = useModelActions({ onDeleted: () => navigate(modelPath(kind), { replace: true }) });

  return (
    <>
      <PageHeader
        title={route.title}
        description="Models of this device kind and everything a model defines."
        actions={
          permissions.add && !modelId ? (
            <Button component={Link} to={paths.modelConfiguration.href({ kind })} leftSection={<IconPlus size={16} />}>
              Add model
            </Button>
          ) : null
        }
      />
      {modelId ? (
        <ModelView kind={kind} id={modelId} permissions={permissions} actions={actions} />
      ) : (
        <ModelList kind={kind} permissions={permissions} actions={actions} />
      )}
      {actions.dialogs}
    </>
  );
}
