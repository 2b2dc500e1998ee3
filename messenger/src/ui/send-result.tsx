import type { FeedbackQueued } from '@voltline/widget/protocol';
import type { Ref } from 'react';
import { useT } from '../i18n/use-t';
import { CheckIcon, ClockIcon } from './icons';

/** Whether a `feedback-sent` answer says the report waits in the widget's outbox, to be sent later by itself. */
export function isQueued(answer: unknown): answer is FeedbackQueued {
  return typeof answer === 'object' && answer !== null && (answer as { queued?: unknown }).queued === true;
}

export interface SendResultProps {
  /** The widget kept the report to send later (`feedback-sent` `{queued: true}`): say so instead of thanking. */
  queued: boolean;
  title: string;
  text: string;
  headingRef: Ref<HTMLHeadingElement>;
  onClose?: () => void;
}

/** What a form shows once the widget has its report: sent (thanks), or saved and sent later. */
export function SendResult({ queued, title, text, headingRef, onClose }: SendResultProps) {
  const t = useT();
  return (
    <div className="vl-result">
      <span className="vl-result-badge">{queued ? <ClockIcon /> : <CheckIcon />}</span>
      <h2 ref={headingRef} tabIndex={-1} className="vl-result-title">
        {queued ? t('savedTitle') : title}
      </h2>
      <p className="vl-muted">{queued ? t('savedForLater') : text}</p>
      {onClose ? (
        <button type="button" className="vl-button" onClick={onClose}>
          {t('close')}
        </button>
      ) : null}
    </div>
  );
}
