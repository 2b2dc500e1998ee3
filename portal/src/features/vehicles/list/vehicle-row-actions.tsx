import { IconCopy, IconPencil, IconPower, IconRefresh, IconTrash, IconUserShare } from '@tabler/icons-react';
import { type RowAction, RowActions } from '@/shared/ui/data-table/row-actions';
import type { ApiVehicle } from './api/list-vehicles';

export type VehicleAction = 'edit' | 'clone' | 'assign' | 'status' | 'resync' | 'delete';

export interface VehicleRowActionsProps {
  vehicle: ApiVehicle;
  /** The actions this user may take (each from its action bit). */
  allowed: ReadonlySet<VehicleAction>;
  onAction: (action: VehicleAction, vehicle: ApiVehicle) => void;
}

const ITEMS: { action: VehicleAction; label: (v: ApiVehicle) => string; icon: React.ReactNode; color?: string }[] = [
  { action: 'edit', label: () => 'Edit', icon: <IconPencil size={14} /> },
  { action: 'clone', label: () => 'Clone', icon: <IconCopy size={14} /> },
  { action: 'assign', label: () => 'Assign / unassign', icon: <IconUserShare size={14} /> },
  { action: 'status', label: (v) => (v.status === 1 ? 'Deactivate' : 'Activate'), icon: <IconPower size={14} /> },
  { action: 'resync', label: () => 'Resync', icon: <IconRefresh size={14} /> },
  { action: 'delete', label: () => 'Delete', icon: <IconTrash size={14} />, color: 'red' },
];

/** The per-row menu of the vehicle list; shows only permitted actions, and nothing when none is. */
export function VehicleRowActions({ vehicle, allowed, onAction }: VehicleRowActionsProps) {
  const actions: RowAction[] = ITEMS.filter((i) => allowed.has(i.action)).map((i) => ({
    label: i.label(vehicle),
    icon: i.icon,
    ...(i.color ? { color: i.color } : {}),
    onClick: () => onAction(i.action, vehicle),
  }));
  return <RowActions name={vehicle.vin} actions={actions} />;
}
