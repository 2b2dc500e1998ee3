import type { CaptureItem, CaptureSummary } from '@voltline/widget/protocol';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useHostChannel, useHostMessage } from '../../bridge/use-host-channel';
import './capture-preview.css';

/** Width the screenshot thumbnail assumes before layout could be measured (and under jsdom, which has no layout). */
const FALLBACK_THUMB_WIDTH = 320;
/** Tallest the thumbnail gets; a tall viewport is cropped at the bottom rather than stretching the form. */
const MAX_THUMB_HEIGHT = 200;
/** A widget that never answers (an older one, or gleap's) leaves the preview "not available" after this long. */
export const SUMMARY_TIMEOUT_MS = 8000;

export interface CapturePreviewProps {
  /** Changes when the visitor attached a new capture, so the preview asks the widget again. */
  refreshKey: unknown;
  /** True while the report is being sent: nothing can be removed any more. */
  disabled?: boolean;
}

type Status = 'loading' | 'ready' | 'unavailable';

function kilobytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024).toLocaleString('en')} KB`;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

interface Row {
  item: CaptureItem;
  label: string;
  detail: string;
}

/** The rows of the summary, in the order the form lists them; items that will not be sent anyway are left out. */
export function captureRows(summary: CaptureSummary): Row[] {
  const rows: Row[] = [];
  if (summary.screenshot)
    rows.push({
      item: 'screenshot',
      label: 'Screenshot',
      detail: `of this page, ${kilobytes(summary.screenshot.bytes)}`,
    });
  if (summary.replay)
    rows.push({
      item: 'replay',
      label: 'Session replay',
      detail: `last ${plural(summary.replay.seconds, 'second', 'seconds')}, ${plural(summary.replay.eventCount, 'event', 'events')}`,
    });
  if (summary.screenRecordingUrl)
    rows.push({ item: 'screenRecording', label: 'Screen recording', detail: 'your recording' });
  if (summary.consoleLogCount > 0)
    rows.push({
      item: 'consoleLog',
      label: 'Console log',
      detail: plural(summary.consoleLogCount, 'entry', 'entries'),
    });
  if (summary.networkLogCount > 0)
    rows.push({
      item: 'networkLogs',
      label: 'Network log',
      detail: plural(summary.networkLogCount, 'request', 'requests'),
    });
  if (summary.customDataKeys.length > 0)
    rows.push({ item: 'customData', label: 'Custom data', detail: summary.customDataKeys.join(', ') });
  return rows;
}

function ScreenshotThumb({ shot }: { shot: NonNullable<CaptureSummary['screenshot']> }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_THUMB_WIDTH);
  useLayoutEffect(() => {
    const measured = box.current?.clientWidth;
    if (measured) setWidth(measured);
  }, []);
  const scale = width / Math.max(shot.width, 1);
  // The frame holds the page from its top down to the bottom of the visitor's viewport and is shifted up by the scroll
  // position, so the thumbnail shows what the visitor saw.
  return (
    <div ref={box} className="vl-cp-thumb" style={{ height: Math.min(shot.height * scale, MAX_THUMB_HEIGHT) }}>
      <iframe
        title="Screenshot preview"
        src={shot.previewUrl}
        sandbox=""
        tabIndex={-1}
        loading="lazy"
        style={{
          width: shot.width,
          height: shot.y + shot.height,
          transform: `scale(${scale}) translateY(${-shot.y}px)`,
        }}
      />
    </div>
  );
}

/**
 * "What will be sent": the widget's summary of the next report (screenshot, replay, recording, logs, custom data),
 * each part with a Remove button. A removed part is not sent.
 */
export function CapturePreview({ refreshKey, disabled = false }: CapturePreviewProps) {
  const channel = useHostChannel();
  const id = useId();
  const [status, setStatus] = useState<Status>('loading');
  const [summary, setSummary] = useState<CaptureSummary | null>(null);
  // Removed at once on click; the widget's next summary confirms it.
  const [removed, setRemoved] = useState<ReadonlySet<CaptureItem>>(new Set());

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger, not an input
  useEffect(() => {
    setStatus('loading');
    if (!channel.send('request-capture-summary')) {
      setStatus('unavailable');
      return;
    }
    const timer = setTimeout(() => setStatus((s) => (s === 'loading' ? 'unavailable' : s)), SUMMARY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [channel, refreshKey]);

  useHostMessage('capture-summary', (data) => {
    setSummary(data);
    setRemoved((local) => new Set([...local, ...data.removed]));
    setStatus('ready');
  });

  const handleRemove = (item: CaptureItem) => {
    setRemoved((local) => new Set([...local, item]));
    channel.send('remove-capture-item', { item });
  };

  const rows = summary ? captureRows(summary) : [];

  return (
    <section className="vl-cp" aria-labelledby={`${id}-title`} aria-busy={status === 'loading'}>
      <h2 className="vl-cp-title" id={`${id}-title`}>
        What will be sent
      </h2>
      {status === 'loading' && !summary ? <p className="vl-cp-note">Preparing the preview…</p> : null}
      {status === 'unavailable' && !summary ? (
        <p className="vl-cp-note" role="alert">
          The preview is not available: the page did not describe what it will send.
        </p>
      ) : null}
      {summary?.error ? (
        <p className="vl-cp-error" role="alert">
          {summary.error}: the report cannot include a screenshot.
        </p>
      ) : null}
      {summary && rows.length === 0 ? <p className="vl-cp-note">Only your message and the page address.</p> : null}
      {rows.length > 0 ? (
        <ul className="vl-cp-list">
          {rows.map((row) => {
            const isRemoved = removed.has(row.item);
            return (
              <li key={row.item} className="vl-cp-row" data-removed={isRemoved || undefined}>
                <div className="vl-cp-row-head">
                  <span className="vl-cp-label">{row.label}</span>
                  <span className="vl-cp-detail">{isRemoved ? 'removed, not sent' : row.detail}</span>
                  {isRemoved ? null : (
                    <button
                      type="button"
                      className="vl-cp-remove"
                      aria-label={`Remove ${row.label.toLowerCase()}`}
                      disabled={disabled}
                      onClick={() => handleRemove(row.item)}
                    >
                      Remove
                    </button>
                  )}
                </div>
                {row.item === 'screenshot' && summary?.screenshot && !isRemoved ? (
                  <ScreenshotThumb shot={summary.screenshot} />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {summary && summary.maskedElementCount > 0 ? (
        <p className="vl-cp-note">
          {plural(summary.maskedElementCount, 'field or area', 'fields and areas')} of the page{' '}
          {summary.maskedElementCount === 1 ? 'is' : 'are'} masked and never sent.
        </p>
      ) : null}
    </section>
  );
}
