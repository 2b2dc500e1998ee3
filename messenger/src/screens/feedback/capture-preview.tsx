import type { CaptureItem, CaptureSummary } from '@voltline/widget/protocol';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useHostChannel, useHostMessage } from '../../bridge/use-host-channel';
import { createTranslator, type TextKey, type Translate } from '../../i18n/translate';
import { useT } from '../../i18n/use-t';
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

function plural(t: Translate, count: number, one: TextKey, many: TextKey): string {
  return t(count === 1 ? one : many, { count: count.toLocaleString('en') });
}

interface Row {
  item: CaptureItem;
  label: string;
  detail: string;
}

/** The rows of the summary, in the order the form lists them; items that will not be sent anyway are left out. */
export function captureRows(summary: CaptureSummary, t: Translate = createTranslator({})): Row[] {
  const rows: Row[] = [];
  if (summary.screenshot)
    rows.push({
      item: 'screenshot',
      label: t('cpScreenshot'),
      detail: t('cpScreenshotDetail', { size: kilobytes(summary.screenshot.bytes) }),
    });
  if (summary.replay)
    rows.push({
      item: 'replay',
      label: t('cpReplay'),
      detail: t('cpReplayDetail', {
        seconds: plural(t, summary.replay.seconds, 'cpSecond', 'cpSeconds'),
        events: plural(t, summary.replay.eventCount, 'cpEvent', 'cpEvents'),
      }),
    });
  if (summary.screenRecordingUrl)
    rows.push({ item: 'screenRecording', label: t('cpRecording'), detail: t('cpRecordingDetail') });
  if (summary.consoleLogCount > 0)
    rows.push({
      item: 'consoleLog',
      label: t('cpConsole'),
      detail: plural(t, summary.consoleLogCount, 'cpEntry', 'cpEntries'),
    });
  if (summary.networkLogCount > 0)
    rows.push({
      item: 'networkLogs',
      label: t('cpNetwork'),
      detail: plural(t, summary.networkLogCount, 'cpRequest', 'cpRequests'),
    });
  if (summary.customDataKeys.length > 0)
    rows.push({ item: 'customData', label: t('cpCustomData'), detail: summary.customDataKeys.join(', ') });
  return rows;
}

function ScreenshotThumb({ shot, title }: { shot: NonNullable<CaptureSummary['screenshot']>; title: string }) {
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
        title={title}
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
  const t = useT();
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

  const rows = summary ? captureRows(summary, t) : [];

  return (
    <section className="vl-cp" aria-labelledby={`${id}-title`} aria-busy={status === 'loading'}>
      <h2 className="vl-cp-title" id={`${id}-title`}>
        {t('cpTitle')}
      </h2>
      {status === 'loading' && !summary ? <p className="vl-cp-note">{t('cpPreparing')}</p> : null}
      {status === 'unavailable' && !summary ? (
        <p className="vl-cp-note" role="alert">
          {t('cpUnavailable')}
        </p>
      ) : null}
      {summary?.error ? (
        <p className="vl-cp-error" role="alert">
          {t('cpError', { error: summary.error })}
        </p>
      ) : null}
      {summary && rows.length === 0 ? <p className="vl-cp-note">{t('cpNothing')}</p> : null}
      {rows.length > 0 ? (
        <ul className="vl-cp-list">
          {rows.map((row) => {
            const isRemoved = removed.has(row.item);
            return (
              <li key={row.item} className="vl-cp-row" data-removed={isRemoved || undefined}>
                <div className="vl-cp-row-head">
                  <span className="vl-cp-label">{row.label}</span>
                  <span className="vl-cp-detail">{isRemoved ? t('cpRemoved') : row.detail}</span>
                  {isRemoved ? null : (
                    <button
                      type="button"
                      className="vl-cp-remove"
                      aria-label={t('cpRemoveItem', { item: row.label.toLowerCase() })}
                      disabled={disabled}
                      onClick={() => handleRemove(row.item)}
                    >
                      {t('cpRemove')}
                    </button>
                  )}
                </div>
                {row.item === 'screenshot' && summary?.screenshot && !isRemoved ? (
                  <ScreenshotThumb shot={summary.screenshot} title={t('cpScreenshotFrame')} />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {summary && summary.maskedElementCount > 0 ? (
        <p className="vl-cp-note">
          {summary.maskedElementCount === 1
            ? t('cpMaskedOne')
            : t('cpMaskedMany', { count: summary.maskedElementCount.toLocaleString('en') })}
        </p>
      ) : null}
    </section>
  );
}
