import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import { type Form, type FormField, WidgetApiError } from '../../api/widget-api';
import { useBack, useMessengerState, useMessengerStore } from '../../app/use-messenger-store';
import { useHostChannel, useHostMessage } from '../../bridge/use-host-channel';
import { ErrorState, LoadingState } from '../../ui/async-states';
import { AlertIcon } from '../../ui/icons';
import { SendResult, isQueued } from '../../ui/send-result';
import { ScreenLayout } from '../../ui/screen-layout';
import { CAPTURE_CHOICES, FeedbackScreen } from '../feedback/feedback-screen';
import { type FieldValue, FormFieldInput, validateField } from './form-field-input';
import { useT } from '../../i18n/use-t';

export interface FormByIdScreenProps {
  formId: string;
}

/**
 * A form defined on the server (`start-feedbackflow` with a flow id that is not built in). An id the server does not
 * know falls back to the bug form, so a visitor can still report what they came to report.
 */
export function FormByIdScreen({ formId }: FormByIdScreenProps) {
  const t = useT();
  const api = useWidgetApi();
  const store = useMessengerStore();
  const onBack = useBack();
  const state = useAsync(api ? () => api.getForm(formId) : null, [api, formId]);

  if (state.status === 'error' && state.error instanceof WidgetApiError && state.error.status === 404) {
    return <FeedbackScreen feedbackType="BUG" />;
  }
  return (
    <ScreenLayout
      title={state.status === 'success' ? state.data.title : t('form')}
      onBack={onBack}
      onClose={store.close}
    >
      {state.status === 'loading' ? <LoadingState label={t('loadingForm')} /> : null}
      {state.status === 'error' ? <ErrorState error={state.error} onRetry={state.retry} /> : null}
      {state.status === 'success' ? <ServerForm form={state.data} /> : null}
    </ScreenLayout>
  );
}

function initialValue(field: FormField, prefill: Record<string, unknown>, sessionEmail: string): FieldValue {
  const given = prefill[field.key];
  if (field.type === 'email') {
    const email = [given, prefill.reportedBy, prefill.email].find((v) => typeof v === 'string' && v);
    return (email as string | undefined) ?? sessionEmail;
  }
  if (field.type === 'checkbox') return given === true;
  if (field.type === 'multiple_choice') return Array.isArray(given) ? given.filter((v) => typeof v === 'string') : [];
  if (field.type === 'rating' || field.type === 'nps') return typeof given === 'number' ? given : undefined;
  return typeof given === 'string' ? given : undefined;
}

function ServerForm({ form }: { form: Form }) {
  const t = useT();
  const channel = useHostChannel();
  const store = useMessengerStore();
  const prefill = useMessengerState((s) => s.prefill);
  const sessionEmail = useMessengerState((s) => s.session?.email ?? '');
  const id = useId();
  const fields = form.fields;
  const [values, setValues] = useState<Record<string, FieldValue>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, initialValue(f, prefill, sessionEmail)])),
  );
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [submitted, setSubmitted] = useState(false);
  const [phase, setPhase] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [queued, setQueued] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [capture, setCapture] = useState<{ choice: string; value: unknown }>({ choice: 'none', value: null });
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  const focusInvalid = useRef(false);
  useEffect(() => {
    if (phase === 'sent') doneRef.current?.focus();
  }, [phase]);
  // After a failed submit the first invalid field takes focus (once its error is rendered).
  useEffect(() => {
    if (!focusInvalid.current || !errors) return;
    focusInvalid.current = false;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid?.matches('input, textarea, select') ? invalid : invalid?.querySelector<HTMLElement>('input');
    target?.focus();
  }, [errors]);
  useHostMessage('set-form-data', (data) => {
    if (data.formKey !== 'capture') return;
    setCapture((c) => (data.data.value ? { ...c, value: data.data.value } : { choice: 'none', value: null }));
  });
  useHostMessage('feedback-sent', (answer) => {
    if (phase !== 'sending') return;
    setQueued(isQueued(answer));
    setPhase('sent');
  });
  useHostMessage('feedback-sending-failed', (message) => {
    if (phase !== 'sending') return;
    setPhase('editing');
    setFailure(typeof message === 'string' && message ? message : t('sendFailed'));
  });

  const validate = (next: Record<string, FieldValue>) =>
    Object.fromEntries(fields.map((f) => [f.key, f.type === 'capture' ? undefined : validateField(f, next[f.key])]));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (phase === 'sending') return;
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (fields.some((f) => found[f.key])) {
      focusInvalid.current = true;
      return;
    }
    const formData: Record<string, unknown> = {};
    for (const f of fields) {
      const value = values[f.key];
      if (f.type === 'capture' || value === undefined || value === '') continue;
      formData[f.key] = typeof value === 'string' ? value.trim() : value;
    }
    if (capture.value) formData.capture = capture.value;
    setFailure(null);
    if (!channel.send('send-feedback', { formData, action: { feedbackType: form.feedbackType, excludeData: {} } })) {
      setFailure(t('notSent'));
      return;
    }
    setPhase('sending');
  };

  if (phase === 'sent') {
    return (
      <SendResult
        queued={queued}
        title="Thank you!"
        text="We received your message."
        headingRef={doneRef}
        onClose={() => {
          store.close();
          store.goHome();
        }}
      />
    );
  }

  const sending = phase === 'sending';
  return (
    <form ref={formRef} className="vl-form" noValidate onSubmit={handleSubmit} aria-busy={sending}>
      {form.description ? <p className="vl-muted">{form.description}</p> : null}
      {failure ? (
        <div role="alert" className="vl-alert">
          <span className="vl-alert-icon">
            <AlertIcon />
          </span>
          <span>{failure}</span>
        </div>
      ) : null}
      {fields.map((field) =>
        field.type === 'capture' ? (
          <div key={field.key} className="vl-field vl-choice" role="radiogroup" aria-labelledby={`${id}-capture`}>
            <span className="vl-field-label" id={`${id}-capture`}>
              {field.label}
            </span>
            <div className="vl-choice-options">
              {CAPTURE_CHOICES.map((choice) => (
                <label key={choice.value} className="vl-choice-option">
                  <input
                    type="radio"
                    name={`${id}-capture`}
                    checked={capture.choice === choice.value}
                    disabled={sending}
                    onChange={() => {
                      setCapture({ choice: choice.value, value: null });
                      if (choice.drawingType) channel.send('start-screen-drawing', choice.drawingType);
                    }}
                  />
                  <choice.icon />
                  <span>{t(choice.labelKey)}</span>
                </label>
              ))}
            </div>
          </div>
        ) : (
          <FormFieldInput
            key={field.key}
            field={field}
            id={`${id}-${field.key}`}
            value={values[field.key]}
            error={errors[field.key]}
            disabled={sending}
            onChange={(value) => {
              const next = { ...values, [field.key]: value };
              setValues(next);
              // After a first attempt, errors follow the input so a fixed field stops being flagged at once.
              if (submitted) setErrors(validate(next));
            }}
          />
        ),
      )}
      <button type="submit" className="vl-button" disabled={sending}>
        {sending ? t('sending') : t('send')}
      </button>
    </form>
  );
}
