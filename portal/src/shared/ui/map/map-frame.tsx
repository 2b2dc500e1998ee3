import { Alert, Box, Loader } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';

/** Where a MapLibre map is in its life. */
export type MapStatus = 'loading' | 'ready' | 'error';

export interface MapFrameProps {
  /** The element MapLibre draws into. */
  containerRef: RefObject<HTMLElement | null>;
  /** The map's accessible name, e.g. "Trip map". */
  label: string;
  status: MapStatus;
  error: string | null;
  height: number | string;
  /** Overlays drawn over the map (legend, vehicle card). */
  children?: ReactNode;
}

/**
 * The box every portal map sits in: the map's own section (with `data-map-status` for tests), a loader while the
 * style loads, and the map's error over it.
 */
export function MapFrame({ containerRef, label, status, error, height, children }: MapFrameProps) {
  return (
    <Box pos="relative" h={height} style={{ borderRadius: 8, overflow: 'hidden' }}>
      <section
        ref={containerRef}
        aria-label={label}
        data-map-status={status}
        style={{ position: 'absolute', inset: 0 }}
      />
      {status === 'loading' && (
        <Box pos="absolute" top="50%" left="50%" style={{ transform: 'translate(-50%, -50%)' }}>
          <Loader size="sm" aria-label="Loading map" />
        </Box>
      )}
      {error && (
        <Alert pos="absolute" bottom={8} left={8} right={8} color="red" title="Map error" role="alert">
          {error}
        </Alert>
      )}
      {children}
    </Box>
  );
}
