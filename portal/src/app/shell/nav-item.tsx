import { NavLink, Text, Tooltip } from '@mantine/core';
import type { ComponentType, MouseEvent, ReactNode } from 'react';

/** Active when the current path is the item's path or lies below it. */
export function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** A click the browser should handle itself (new tab or window, download, not the main button). */
function isBrowserClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (event.currentTarget.target !== '' && event.currentTarget.target !== '_self')
  );
}

interface NavItemProps {
  href: string;
  label: string;
  /** A second line under the label (not shown while collapsed). */
  description?: string;
  icon: ComponentType<{ size?: number | string; stroke?: number | string }>;
  active: boolean;
  collapsed: boolean;
  onNavigate: (path: string) => void;
}

/**
 * One link of the side navigation: a plain anchor (see `SideNavLinks`) that navigates in the app on a plain click and
 * leaves any other click to the browser; icon only, with a tooltip, while the navigation is collapsed.
 */
export function NavItem({ href, label, description, icon: Icon, active, collapsed, onNavigate }: NavItemProps) {
  const link = (
    <NavLink
      component="a"
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (isBrowserClick(event)) return;
        event.preventDefault();
        onNavigate(href);
      }}
      label={collapsed ? undefined : label}
      description={collapsed ? undefined : description}
      aria-label={description ? `${label} (${description})` : label}
      leftSection={<Icon size={20} stroke={1.6} />}
      active={active}
      variant="light"
      style={{ borderRadius: 8 }}
      styles={collapsed ? { section: { marginInlineEnd: 0 }, root: { justifyContent: 'center' } } : undefined}
    />
  );
  return collapsed ? (
    <Tooltip label={description ? `${label} (${description})` : label} position="right" withArrow openDelay={150}>
      {link}
    </Tooltip>
  ) : (
    link
  );
}

/** The heading of a group of the side navigation (hidden while collapsed). */
export function NavSectionLabel({ collapsed, children }: { collapsed: boolean; children: ReactNode }) {
  return collapsed ? null : (
    <Text tt="uppercase" fw={700} size="xs" c="dimmed" px="sm" pb={4}>
      {children}
    </Text>
  );
}
