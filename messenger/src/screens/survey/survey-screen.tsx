import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import type { Form } from '../../api/widget-api';
import { useBack, useMessengerStore } from '../../app/use-messenger-store';
import { useHostChannel, useHostMessage } from '../../bridge/use-host-channel';
import { ErrorState, LoadingState } from '../../ui/async-states';
import { AlertIcon } from '../../ui/icons';
import { SendResult, isQueued } from '../../ui/send-result';
import { ScreenLayout } from '../../ui/screen-layout';
import { type FieldValue, FormFieldInput, validateField } from './form-field-input';
import { useT } from '../../i18n/use-t';

export interface SurveyScreenProps {
  /** The survey's outbound id (the flow id of `start-survey`). */
  surveyId: string;
  /** `survey`, `survey_full` or `survey_web`; a `survey_web` cannot be closed. */
  format: string;
}

/** A survey by outbound id: one question per page with progress, sent through `send-feedback` with `outboundId`. */
export function SurveyScreen({ surveyId, format }: SurveyScreenProps) {
  const t = useT();
  const api = useWidgetApi();
  const store = useMessengerStore();
  const onBack = useBack();
  const state = useAsync(api ? () => api.getForm(surveyId) : null, [api, surveyId]);
  const onClose = format === 'survey_web' ? undefined : store.close;
  const title = state.status === 'success' ? state.data.title : t('survey');

  return (
    <ScreenLayout title={title} onBack={onBack} onClose={onClose}>
      {state.status === 'loading' ? <LoadingState label={t('loadingSurvey')} /> : null}
      {state.status === 'error' ? <ErrorState error={state.error} onRetry={state.retry} /> : null}
      {state.status === 'success' ? <SurveyPages survey={state.data} surveyId={surveyId} onClose={onClose} /> : null}
    </ScreenLayout>
  );
}

function SurveyPages({ survey, surveyId, onClose }: { survey: Form; surveyId: string; onClose?: () => void }) {
  const t = useT();
  const channel = useHostChannel();
  const id = useId();
  const questions = survey.fields.filter((f) => f.type !== 'capture');
  const [page, setPage] = useState(0);
  const [answers, setAnswers] = useState<Record<string, FieldValue>>({});
  const [error, setError] = useState<string | undefined>();
  const [phase, setPhase] = useState<'answering' | 'sending' | 'sent'>('answering');
  const [queued, setQueued] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  const question = questions[page];
  const last = page === questions.length - 1;

  // Each new page moves focus to its question, so keyboard and screen-reader users follow the pages.
  useEffect(() => {
    if (page > 0) questionRef.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, [page]);
  useEffect(() => {
    if (phase === 'sent') doneRef.current?.focus();
  }, [phase]);

  useHostMessage('feedback-sent', (answer) => {
    if (phase !== 'sending') return;
    setQueued(isQueued(answer));
    setPhase('sent');
  });
  useHostMessage('feedback-sending-failed', (message) => {
    if (phase !== 'sending') return;
    setPhase('answering');
    setFailure(typeof message === 'string' && message ? message : t('sendFailed'));
  });

  if (!question) return <p className="vl-empty vl-muted">This survey has no questions.</p>;

  if (phase === 'sent') {
    return (
      <SendResult
        queued={queued}
        title="Thank you!"
        text="Your answers help us improve."
        headingRef={doneRef}
        onClose={onClose}
      />
    );
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (phase === 'sending') return;
    const found = validateField(question, answers[question.key]);
    setError(found);
    if (found) {
      questionRef.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
      return;
    }
    if (!last) {
      setPage(page + 1);
      return;
    }
    const formData: Record<string, unknown> = {};
    for (const q of questions) {
      const value = answers[q.key];
      if (value !== undefined && value !== '') formData[q.key] = typeof value === 'string' ? value.trim() : value;
    }
    setFailure(null);
    const sent = channel.send('send-feedback', {
      formData,
      action: { feedbackType: survey.feedbackType, excludeData: {} },
      outboundId: surveyId,
    });
    if (!sent) {
      setFailure(t('notSent'));
      return;
    }
    setPhase('sending');
  };

  const sending = phase === 'sending';
  return (
    <form className="vl-form" noValidate onSubmit={handleSubmit} aria-busy={sending}>
      <div className="vl-survey-progress">
        <span className="vl-muted" id={`${id}-progress`}>
          {t('questionProgress', { current: page + 1, total: questions.length })}
        </span>
        <progress max={questions.length} value={page + 1} aria-labelledby={`${id}-progress`} />
      </div>
      {failure ? (
        <div role="alert" className="vl-alert">
          <span className="vl-alert-icon">
            <AlertIcon />
          </span>
          <span>{failure}</span>
        </div>
      ) : null}
      <div ref={questionRef}>
        <FormFieldInput
          key={question.key}
          field={question}
          id={`${id}-${question.key}`}
          value={answers[question.key]}
          error={error}
          disabled={sending}
          onChange={(value) => {
            setAnswers((a) => ({ ...a, [question.key]: value }));
            if (error) setError(validateField(question, value));
          }}
        />
      </div>
      <div className="vl-form-actions vl-survey-actions">
        {page > 0 ? (
          <button
            type="button"
            className="vl-button vl-button-secondary"
            disabled={sending}
            onClick={() => {
              setError(undefined);
              setPage(page - 1);
            }}
          >
            Previous
          </button>
        ) : null}
        <button type="submit" className="vl-button" disabled={sending}>
          {last ? (sending ? t('sending') : t('send')) : t('next')}
        </button>
      </div>
    </form>
  );
}
