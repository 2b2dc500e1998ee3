import { ACTION } from '@/domain/permissions';
import { useCan } from '@/state/use-can';
import type { ModelKind } from '../api/model-types';
import { kindPermissionKey } from '../lib/model-kinds';

export interface ModelPermissions {
  add: boolean;
  edit: boolean;
  clone: boolean;
  remove: boolean;
}

/**
 * What the user may do with models of a kind: the action bit on Model Management (`mm`, what the API checks) and on
 * the kind's key (`mm.ev`, ...). Add and edit open the configuration flow, so they also need Model Configuration.
 */
export function useModelPermissions(kind: ModelKind): ModelPermissions {
  const can = useCan();
  const kindKey = kindPermissionKey(kind);
  const allowed = (action: number) => can('mm', action) && can(kindKey, action);
  const configure = can('mm.c');
  return {
    add: configure && allowed(ACTION.ADD),
    edit: configure && allowed(ACTION.UPDATE),
    clone: allowed(ACTION.CLONE),
    remove: allowed(ACTION.DELETE),
  };
}
