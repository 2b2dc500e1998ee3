import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionErrorBoundary } from '@/shared/ui/section-error-boundary';

export interface PanelFrameProps {
  title: string;
  /** Headings level of the panel title (the page's h1 is above it). */
  order?: 2 | 3;
  /** Controls at the right of the title (the configuration page's move / remove buttons). */
  actions?: ReactNode;
  /** Marks the title bar as the drag handle of the configuration grid. */
  handleClassName?: string;
  children: ReactNode;
}

/** A dashboard panel: a titled card whose body scrolls inside its grid cell; a crash stays inside the panel. */
export function PanelFrame({ title, order = 2, actions, handleClassName, children }: PanelFrameProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      h="100%"
      component="section"
      aria-label={title}
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs" className={handleClassName}>
        <Title order={order} size="h5" fw={700} style={{ cursor: handleClassName ? 'grab' : undefined }}>
          {title}
        </Title>
        {actions}
      </Group>
      {/* The body scrolls inside its cell, so it is keyboard-reachable (axe scrollable-region-focusable). */}
      <Stack
        gap="xs"
        style={{ flex: 1, minHeight: 0, overflow: 'auto' }}
        tabIndex={0}
        role="group"
        aria-label={`${title} content`}
      >
        <SectionErrorBoundary what={title}>{children}</SectionErrorBoundary>
      </Stack>
    </Card>
  );
}
