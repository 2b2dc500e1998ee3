import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '@/shared/ui/notify';
import type { Model } from '../api/model-types';
import { CloneModelModal } from '../components/clone-model-modal';
import { DeleteModelModal } from '../components/delete-model-modal';
import { configurationPath, modelPath } from '../lib/model-kinds';
import { useDialogState } from '@/shared/ui/use-dialog-state';

export interface ModelActionsApi {
  edit: (model: Model) => void;
  clone: (model: Model) => void;
  remove: (model: Model) => void;
  /** The open confirmation or clone dialog, to render once on the page. */
  dialogs: ReactNode;
}

type Dialog = { type: 'clone'; model: Model } | { type: 'delete'; model: Model } | null;

/** Edit, clone and delete for the list and the model view; `onDeleted` says where to go after a delete. */
export function useModelActions({ onDeleted }: { onDeleted?: (model: Model) => void } = {}): ModelActionsApi {
  const navigate = useNavigate();
  const [dialog, setDialog] = useDialogState<NonNullable<Dialog>>();
  const close = () => setDialog(null);

  let dialogs: ReactNode = null;
  if (dialog?.type === 'clone')
    dialogs = (
      <CloneModelModal
        model={dialog.model}
        onClose={close}
        onCloned={(copy) => {
          close();
          notify.success(`Cloned as ${copy.name}`, { description: 'The copy is a draft until it is configured.' });
          navigate(modelPath(copy.kind, copy.id));
        }}
      />
    );
  if (dialog?.type === 'delete')
    dialogs = (
      <DeleteModelModal
        model={dialog.model}
        onClose={close}
        onDeleted={() => {
          close();
          notify.success(`Deleted ${dialog.model.name}`);
          onDeleted?.(dialog.model);
        }}
      />
    );

  return {
    edit: (model) => navigate(configurationPath(model.id, model.status === 1 ? 1 : model.configurationStep)),
    clone: (model) => setDialog({ type: 'clone', model }),
    remove: (model) => setDialog({ type: 'delete', model }),
    dialogs,
  };
}
