import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import classes from './data-table.module.css';

export interface RowAction {
  label: string;
  icon?: ReactNode;
  color?: string;
  onClick: () => void;
}

/**
 * A row's action menu; renders nothing when the user may take no action (buttons are hidden, not disabled).
 * The Mantine menu mounts on first use: a thousand-row page scrolls through plain buttons, not a thousand menus.
 */
export function RowActions({ name, actions }: { name: string; actions: readonly RowAction[] }) {
  // Remembered per row name: tables key rows by position, so this component can be handed another row.
  const [usedFor, setUsedFor] = useState<string | null>(null);
  const used = usedFor === name;
  if (actions.length === 0) return null;
  // Before first use a plain button (styled like a subtle ActionIcon): a Mantine component per row costs frames.
  const trigger = used ? (
    <ActionIcon variant="subtle" aria-label={`Actions for ${name}`}>
      <IconDotsVertical size={16} />
    </ActionIcon>
  ) : (
    // Its dots are the button's own `::before` (a CSS mask), not an SVG: 4 fewer elements in each row that scrolls in.
    <button
      type="button"
      className={classes.menuButton}
      aria-label={`Actions for ${name}`}
      onClick={() => setUsedFor(name)}
    />
  );
  return (
    // Clicks and keys inside the menu must not open the row.
    // biome-ignore lint/a11y/noStaticElementInteractions: stops propagation only; the controls inside are buttons
    <div onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      {used ? (
        <Menu position="bottom-end" withinPortal defaultOpened>
          <Menu.Target>{trigger}</Menu.Target>
          <Menu.Dropdown>
            {actions.map((a) => (
              <Menu.Item key={a.label} leftSection={a.icon} color={a.color} onClick={a.onClick}>
                {a.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : (
        trigger
      )}
    </div>
  );
}
