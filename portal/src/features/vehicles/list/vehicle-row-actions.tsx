import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCopy,
  IconDotsVertical,
  IconPencil,
  IconPower,
  IconRefresh,
  IconTrash,
  IconUserShare,
} from '@tabler/icons-react';
import type { ApiVehicle } from './api/list-vehicles';

export type VehicleAction = 'edit' | 'clone' | 'assign' | 'status' | 'resync' | 'delete';

export interface VehicleRowActionsProps {
  vehicle: ApiVehicle;
  /** The actions this user may take (each from its action bit). */
  allowed: ReadonlySet<VehicleAction>;
  onAction: (action: VehicleAction, vehicle: ApiVehicle) => void;
}

/** The per-row menu; shows only permitted actions, and nothing when none is. */
export function VehicleRowActions({ vehicle, allowed, onAction }: VehicleRowActionsProps) {
  if (allowed.size === 0) return null;
  const item = (action: VehicleAction, label: string, icon: React.ReactNode, color?: string) =>
    allowed.has(action) ? (
      <Menu.Item leftSection={icon} color={color} onClick={() => onAction(action, vehicle)}>
        {label}
      </Menu.Item>
    ) : null;
  return (
    // Clicks and keys inside the menu must not open the row.
    // biome-ignore lint/a11y/noStaticElementInteractions: stops propagation only; the controls inside are buttons
    <div onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Actions for ${vehicle.vin}`}>
            <IconDotsVertical size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {item('edit', 'Edit', <IconPencil size={14} />)}
          {item('clone', 'Clone', <IconCopy size={14} />)}
          {item('assign', 'Assign / unassign', <IconUserShare size={14} />)}
          {item('status', vehicle.status === 1 ? 'Deactivate' : 'Activate', <IconPower size={14} />)}
          {item('resync', 'Resync', <IconRefresh size={14} />)}
          {item('delete', 'Delete', <IconTrash size={14} />, 'red')}
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
