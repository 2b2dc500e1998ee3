import 'react-grid-layout/css/styles.css';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo } from 'react';
import ReactGridLayout, { type Layout, useContainerWidth } from 'react-grid-layout';
import {
  DASHBOARD_PANELS,
  GRID_COLUMNS,
  GRID_MAX_ROWS_PER_PANEL,
  type PanelPlacement,
} from '@/domain/dashboard-panels';
import { endLayoutMotion, startLayoutMotion } from '@/shared/lib/layout-motion';
import type { TimeRange } from '../lib/time-range';
import { GRID_GAP, PanelContent, ROW_HEIGHT } from './dashboard-grid';
import classes from './dashboard-editor-grid.module.css';
import { PanelFrame } from './panel-frame';
import type { PanelBodies } from './panels';

export interface DashboardEditorGridProps {
  panels: readonly PanelPlacement[];
  onChange: (panels: PanelPlacement[]) => void;
  onRemove: (id: string) => void;
  range: TimeRange;
  bodies: PanelBodies;
}

/**
 * The configuration grid (react-grid-layout, loaded with this chunk only): drag a panel by its title bar, resize it
 * from its corner. With the keyboard, focus a title bar: arrow keys move the panel, Shift+arrow keys resize it.
 * Panel contents are memoised (`PanelContent`), so dragging or resizing never renders them again, and while a panel
 * moves the charts and the map hold their redraws and resizes until it settles (`layout-motion`, decision 0098).
 */
export default function DashboardEditorGrid({ panels, onChange, onRemove, range, bodies }: DashboardEditorGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  // A drag cut short by leaving the page must not leave the charts and maps of the next page on hold.
  useEffect(() => endLayoutMotion, []);
  const layout = useMemo(
    () =>
      panels.map((p) => {
        const spec = DASHBOARD_PANELS[p.panel];
        return {
          i: p.id,
          x: p.x,
          y: p.y,
          w: p.w,
          h: p.h,
          minW: spec.minW,
          minH: spec.minH,
          maxH: GRID_MAX_ROWS_PER_PANEL,
        };
      }),
    [panels],
  );

  function applyLayout(next: Layout) {
    const byId = new Map(next.map((l) => [l.i, l]));
    const changed = panels.some((p) => {
      const l = byId.get(p.id);
      return l && (l.x !== p.x || l.y !== p.y || l.w !== p.w || l.h !== p.h);
    });
    if (!changed) return;
    onChange(
      panels.map((p) => {
        const l = byId.get(p.id);
        return l ? { ...p, x: l.x, y: l.y, w: l.w, h: l.h } : p;
      }),
    );
  }

  function onKey(p: PanelPlacement, event: KeyboardEvent) {
    const spec = DASHBOARD_PANELS[p.panel];
    const delta = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const [dx, dy] = delta as [number, number];
    const next = event.shiftKey
      ? {
          ...p,
          w: Math.min(GRID_COLUMNS - p.x, Math.max(spec.minW, p.w + dx)),
          h: Math.min(GRID_MAX_ROWS_PER_PANEL, Math.max(spec.minH, p.h + dy)),
        }
      : // Moving up past a panel swaps rows: the vertical compaction closes the gap.
        { ...p, x: Math.min(GRID_COLUMNS - p.w, Math.max(0, p.x + dx)), y: Math.max(0, p.y + dy * (dy < 0 ? 1 : p.h)) };
    onChange(panels.map((q) => (q.id === p.id ? next : q)));
  }

  // The hold starts when the pointer goes down on a title bar: react-grid-layout reports the drag only once the pointer
  // has moved a few pixels, which on a loaded machine comes a second later, while the map is still drawing. A press
  // that never becomes a drag ends the hold when the pointer goes up (decision 0104).
  // The grid's height follows the layout's bottom on every move, and each change repaints the page's own layer: while
  // the pointer is down it is held at the tallest a drag can make it (its height plus the tallest panel's).
  function holdOnPress(event: PointerEvent<HTMLDivElement>) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target?.closest('.vl-drag-handle') || target.closest('.vl-no-drag')) return;
    startLayoutMotion();
    const grid = event.currentTarget;
    const tallest = panels.reduce((h, p) => Math.max(h, p.h), 0);
    grid.style.minHeight = `${grid.offsetHeight + tallest * (ROW_HEIGHT + GRID_GAP)}px`;
    const release = () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
      grid.style.minHeight = '';
      endLayoutMotion();
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
  }

  return (
    <div
      ref={containerRef}
      data-testid="dashboard-editor-grid"
      className={classes.grid}
      onPointerDownCapture={holdOnPress}
    >
      {mounted ? (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{
            cols: GRID_COLUMNS,
            rowHeight: ROW_HEIGHT,
            margin: [GRID_GAP, GRID_GAP],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: true, handle: '.vl-drag-handle', cancel: '.vl-no-drag' }}
          resizeConfig={{ enabled: true, handles: ['se'] }}
          onLayoutChange={applyLayout}
          onDragStart={startLayoutMotion}
          onDragStop={endLayoutMotion}
          onResizeStart={startLayoutMotion}
          onResizeStop={endLayoutMotion}
        >
          {panels.map((p) => {
            const title = DASHBOARD_PANELS[p.panel].title;
            return (
              // Each panel is its own compositor layer, rastered once: a panel moving (dragged, or making room) is
              // then drawn where it goes, without painting the grid under it again (decision 0104).
              <div key={p.id} data-panel={p.panel} style={{ willChange: 'transform' }}>
                <PanelFrame
                  title={title}
                  handleClassName="vl-drag-handle"
                  actions={
                    <Group gap={4} wrap="nowrap">
                      {/* The keyboard handle: focusable, announced with its position and size. */}
                      <button
                        type="button"
                        className="vl-no-drag"
                        aria-label={`Move or resize ${title}: column ${p.x + 1}, row ${p.y + 1}, ${p.w} wide, ${p.h} high (${p.w}x${p.h}). Arrow keys move, Shift+arrow keys resize.`}
                        onKeyDown={(e) => onKey(p, e)}
                        style={{
                          border: '1px dashed var(--mantine-color-gray-5)',
                          background: 'none',
                          borderRadius: 4,
                          fontSize: 12,
                          padding: '0 6px',
                          cursor: 'pointer',
                        }}
                      >
                        {p.w}x{p.h}
                      </button>
                      <Tooltip label={`Remove ${title}`}>
                        <ActionIcon
                          className="vl-no-drag"
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${title}`}
                          onClick={() => onRemove(p.id)}
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  }
                >
                  <PanelContent panel={p.panel} range={range} bodies={bodies} />
                </PanelFrame>
              </div>
            );
          })}
        </ReactGridLayout>
      ) : null}
    </div>
  );
}
