import { Badge } from '@mantine/core';
import type { Model } from '../api/model-types';

/** Published, or a draft with the configuration step it resumes at. */
export function ModelStatusBadge({ model }: { model: Pick<Model, 'status' | 'configurationStep'> }) {
  return model.status === 1 ? (
    <Badge color="teal" variant="light">
      Published
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Draft · step {model.configurationStep}
    </Badge>
  );
}
