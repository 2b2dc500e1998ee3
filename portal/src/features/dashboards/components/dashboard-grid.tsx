import { Text } from '@mantine/core';
import { type CSSProperties, memo } from 'react';
import { DASHBOARD_PANELS, type DashboardPanelId, type PanelPlacement } from '@/domain/dashboard-panels';
import type { TimeRange } from '../lib/time-range';
import { PanelFrame } from './panel-frame';
import classes from './dashboard-grid.module.css';
import type { PanelBodies } from './panels';

/** Height of one grid row and the gap between panels, in px (as in dashboard-grid.module.css; the configuration grid uses the same). */
export const ROW_HEIGHT = 80;
export const GRID_GAP = 16;

export interface PanelContentProps {
  panel: DashboardPanelId;
  range: TimeRange;
  bodies: PanelBodies;
}

/**
 * What a panel shows. Memoised on its panel id, range and bodies only, so that moving or resizing a panel on the
 * configuration grid (which changes its wrapper's style) never renders its content again.
 */
export const PanelContent = memo(function PanelContent({ panel, range, bodies }: PanelContentProps) {
  const Body = bodies[panel];
  if (!Body) {
    return (
      <Text size="sm" c="dimmed">
        This panel is not available here.
      </Text>
    );
  }
  return <Body range={range} />;
});

export interface DashboardGridProps {
  panels: readonly PanelPlacement[];
  range: TimeRange;
  bodies: PanelBodies;
  /** Only the panels the role may see are passed; this is the last check before anything renders or fetches. */
  allowed: ReadonlySet<DashboardPanelId>;
}

/** A dashboard's panels on the 12-column grid (read-only; the configuration page arranges them). */
export function DashboardGrid({ panels, range, bodies, allowed }: DashboardGridProps) {
  const visible = panels.filter((p) => allowed.has(p.panel));
  return (
    <div className={classes.grid} data-testid="dashboard-grid">
      {visible.map((p) => (
        <div
          key={p.id}
          data-panel={p.panel}
          className={classes.cell}
          style={{ '--col': `${p.x + 1} / span ${p.w}`, '--row': `${p.y + 1} / span ${p.h}` } as CSSProperties}
        >
          <PanelFrame title={DASHBOARD_PANELS[p.panel].title}>
            <PanelContent panel={p.panel} range={range} bodies={bodies} />
          </PanelFrame>
        </div>
      ))}
    </div>
  );
}
