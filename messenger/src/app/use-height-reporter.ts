import { type RefObject, useEffect } from 'react';
import type { HostChannel } from '../bridge/host-channel';

/**
 * Send `height-update` with the content height whenever it changes: in survey modes the widget sizes the frame
 * to it. The element measured must not stretch to the frame, or the height could only ever grow.
 */
export function useHeightReporter(channel: HostChannel, content: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = content.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let last = -1;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      channel.send('height-update', height);
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [channel, content]);
}
