import { CloseButton, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from '@/domain/constants';
import { isSwipeDismiss, ToastTimer } from './toast-timer';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

const KIND_STYLE = {
  success: { color: 'teal', icon: IconCheck },
  error: { color: 'red', icon: IconX },
  info: { color: 'blue', icon: IconInfoCircle },
  warning: { color: 'orange', icon: IconAlertTriangle },
} as const;

export interface ToastCardProps {
  kind: ToastKind;
  title: string;
  description?: string;
  duration?: number;
  onDismiss: () => void;
}

/** A pointer moving less than this is a click, not a drag. */
const CLICK_SLOP_PX = 4;

/**
 * One toast. It owns its countdown (paused on hover and while the window has no focus), closes on click, and can be
 * dragged sideways: released beyond 80 % of its width it is dismissed, otherwise it springs back.
 */
export function ToastCard({ kind, title, description, duration = TOAST_DURATION_MS, onDismiss }: ToastCardProps) {
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ x: number; moved: boolean } | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const timer = useRef<ToastTimer | null>(null);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  useEffect(() => {
    const t = new ToastTimer(duration, () => dismissRef.current());
    timer.current = t;
    if (!document.hasFocus()) t.pause('blur');
    t.start();
    const handleBlur = () => t.pause('blur');
    const handleFocus = () => t.resume('blur');
    window.addEventListener('blur', handleBlur);
    window.addEventListener('focus', handleFocus);
    return () => {
      t.stop();
      window.removeEventListener('blur', handleBlur);
      window.removeEventListener('focus', handleFocus);
    };
  }, [duration]);

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    drag.current = { x: event.clientX, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    timer.current?.pause('drag');
  };
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const dx = event.clientX - drag.current.x;
    if (Math.abs(dx) > CLICK_SLOP_PX) drag.current.moved = true;
    setOffset(dx);
  };
  const handlePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    drag.current = null;
    if (!current) return;
    const dx = event.clientX - current.x;
    const width = card.current?.getBoundingClientRect().width ?? 0;
    if (!current.moved || isSwipeDismiss(dx, width, TOAST_SWIPE_THRESHOLD)) {
      onDismiss();
      return;
    }
    setOffset(0);
    timer.current?.resume('drag');
  };

  const { color, icon: Icon } = KIND_STYLE[kind];
  const width = card.current?.getBoundingClientRect().width ?? 0;
  return (
    <Paper
      ref={card}
      role={kind === 'error' ? 'alert' : 'status'}
      data-toast-kind={kind}
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      w={356}
      onMouseEnter={() => timer.current?.pause('hover')}
      onMouseLeave={() => timer.current?.resume('hover')}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={() => {
        drag.current = null;
        setOffset(0);
        timer.current?.resume('drag');
      }}
      style={{
        cursor: 'pointer',
        touchAction: 'pan-y',
        userSelect: 'none',
        transform: `translateX(${offset}px)`,
        opacity: width > 0 ? Math.max(0.2, 1 - Math.abs(offset) / width) : 1,
        transition: drag.current ? 'none' : 'transform 150ms ease, opacity 150ms ease',
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon color={color} variant="light" radius="xl" size="md">
          <Icon size={16} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {title}
          </Text>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        <CloseButton size="sm" aria-label="Close notification" onClick={onDismiss} />
      </Group>
    </Paper>
  );
}
