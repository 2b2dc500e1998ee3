import type { SendFeedbackData } from '@voltline/widget/protocol';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useBack, useMessengerState, useMessengerStore } from '../../app/use-messenger-store';
import { useHostChannel, useHostMessage } from '../../bridge/use-host-channel';
import type { TextKey } from '../../i18n/translate';
import { useT } from '../../i18n/use-t';
import { AlertIcon, CameraIcon, NoneIcon, VideoIcon } from '../../ui/icons';
import { SendResult, isQueued } from '../../ui/send-result';
import { ScreenLayout } from '../../ui/screen-layout';
import { CapturePreview } from './capture-preview';
import type { FeedbackType } from './feedback-flows';
import { type FeedbackErrors, type FeedbackValues, validateFeedback } from './validate-feedback';

/** Capture choices and the `start-screen-drawing` type each one asks the widget for. */
export const CAPTURE_CHOICES = [
  { value: 'screenshot', labelKey: 'captureScreenshot', drawingType: 'screenshot', icon: CameraIcon },
  { value: 'capture', labelKey: 'captureRecording', drawingType: 'capture', icon: VideoIcon },
  { value: 'none', labelKey: 'captureNothing', drawingType: null, icon: NoneIcon },
] as const satisfies readonly { value: string; labelKey: TextKey; drawingType: string | null; icon: unknown }[];

type CaptureChoice = (typeof CAPTURE_CHOICES)[number]['value'];
/** waiting: the widget is showing its capture editor; attached: it reported a capture; cancelled: it reported none. */
type CaptureStatus = 'idle' | 'waiting' | 'attached' | 'cancelled';

const TITLES: Record<FeedbackType, TextKey> = { BUG: 'feedbackBugTitle', FEEDBACK: 'feedbackTitle' };
const PLACEHOLDERS: Record<FeedbackType, TextKey> = { BUG: 'feedbackBugPlaceholder', FEEDBACK: 'feedbackPlaceholder' };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export interface FeedbackScreenProps {
  feedbackType: FeedbackType;
}

/** The bug or feedback form: description, e-mail, capture choice; sending, success and failure. */
export function FeedbackScreen({ feedbackType }: FeedbackScreenProps) {
  const channel = useHostChannel();
  const store = useMessengerStore();
  const sessionEmail = useMessengerState((s) => s.session?.email ?? '');
  const prefill = useMessengerState((s) => s.prefill);
  const id = useId();
  const t = useT();

  const [values, setValues] = useState<FeedbackValues>(() => ({
    description: text(prefill.description),
    email: text(prefill.reportedBy) || text(prefill.email) || sessionEmail,
  }));
  const emailTouched = useRef(values.email !== '');
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [phase, setPhase] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [queued, setQueued] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [capture, setCapture] = useState<CaptureChoice>('none');
  const [captureStatus, setCaptureStatus] = useState<CaptureStatus>('idle');
  const [captureValue, setCaptureValue] = useState<unknown>(null);

  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);

  // The session can arrive after the form opened (a flow started by message); fill the e-mail unless the visitor typed one.
  useEffect(() => {
    if (!emailTouched.current && sessionEmail) setValues((v) => ({ ...v, email: sessionEmail }));
  }, [sessionEmail]);

  useEffect(() => {
    if (phase === 'sent') successRef.current?.focus();
  }, [phase]);

  useHostMessage('set-form-data', (data) => {
    if (data.formKey !== 'capture') return;
    const value = data.data.value;
    if (value) {
      setCaptureValue(value);
      setCaptureStatus('attached');
    } else {
      setCapture('none');
      setCaptureValue(null);
      setCaptureStatus('cancelled');
    }
  });
  useHostMessage('feedback-sent', (answer) => {
    if (phase !== 'sending') return;
    setQueued(isQueued(answer));
    setPhase('sent');
  });
  useHostMessage('feedback-sending-failed', (message) => {
    if (phase !== 'sending') return;
    setPhase('editing');
    setFailure(text(message) || t('sendFailed'));
  });

  const update = (field: keyof FeedbackValues, value: string) => {
    if (field === 'email') emailTouched.current = true;
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, errors follow the input so a fixed field stops being flagged at once.
    if (submitted) setErrors(validateFeedback(next, t));
  };

  const handleCaptureChange = (choice: CaptureChoice) => {
    setCapture(choice);
    setCaptureValue(null);
    const drawingType = CAPTURE_CHOICES.find((c) => c.value === choice)?.drawingType ?? null;
    if (drawingType) {
      setCaptureStatus('waiting');
      channel.send('start-screen-drawing', drawingType);
    } else {
      setCaptureStatus('idle');
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (phase === 'sending') return;
    setSubmitted(true);
    const found = validateFeedback(values, t);
    setErrors(found);
    if (found.description) return descriptionRef.current?.focus();
    if (found.email) return emailRef.current?.focus();

    const formData: SendFeedbackData['formData'] = {
      description: values.description.trim(),
      reportedBy: values.email.trim(),
    };
    if (captureStatus === 'attached' && captureValue) formData.capture = captureValue;
    const payload: SendFeedbackData = { formData, action: { feedbackType, excludeData: {} } };
    setFailure(null);
    if (!channel.send('send-feedback', payload)) {
      setFailure(t('notSent'));
      return;
    }
    setPhase('sending');
  };

  const handleDone = () => {
    store.close();
    store.goHome();
  };

  const onBack = useBack();

  if (phase === 'sent') {
    return (
      <ScreenLayout title={t(TITLES[feedbackType])} onBack={onBack}>
        <SendResult
          queued={queued}
          title={t('thankYou')}
          text={t(feedbackType === 'BUG' ? 'feedbackBugThanks' : 'feedbackThanks')}
          headingRef={successRef}
          onClose={handleDone}
        />
      </ScreenLayout>
    );
  }

  const sending = phase === 'sending';
  const descriptionError = errors.description;
  const emailError = errors.email;
  const captureChoice = CAPTURE_CHOICES.find((c) => c.value === capture);
  const captureLabel = captureChoice ? t(captureChoice.labelKey) : '';

  return (
    <ScreenLayout title={t(TITLES[feedbackType])} onBack={onBack} onClose={store.close}>
      <form className="vl-form" noValidate onSubmit={handleSubmit} aria-busy={sending}>
        {failure ? (
          <div role="alert" className="vl-alert">
            <span className="vl-alert-icon">
              <AlertIcon />
            </span>
            <span>{failure}</span>
          </div>
        ) : null}

        <div className="vl-field">
          <label htmlFor={`${id}-description`}>{t('description')}</label>
          <textarea
            id={`${id}-description`}
            ref={descriptionRef}
            rows={5}
            value={values.description}
            placeholder={t(PLACEHOLDERS[feedbackType])}
            required
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? `${id}-description-error` : undefined}
            readOnly={sending}
            onChange={(e) => update('description', e.target.value)}
          />
          {descriptionError ? (
            <p className="vl-field-error" id={`${id}-description-error`}>
              {descriptionError}
            </p>
          ) : null}
        </div>

        <div className="vl-field">
          <label htmlFor={`${id}-email`}>{t('email')}</label>
          <input
            id={`${id}-email`}
            ref={emailRef}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            placeholder="name@example.com"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : `${id}-email-hint`}
            readOnly={sending}
            onChange={(e) => update('email', e.target.value)}
          />
          {emailError ? (
            <p className="vl-field-error" id={`${id}-email-error`}>
              {emailError}
            </p>
          ) : (
            <p className="vl-field-hint" id={`${id}-email-hint`}>
              {t('emailHint')}
            </p>
          )}
        </div>

        <div
          className="vl-field vl-choice"
          role="radiogroup"
          aria-labelledby={`${id}-capture-label`}
          aria-describedby={`${id}-capture-status`}
        >
          <span className="vl-field-label" id={`${id}-capture-label`}>
            {t('attach')}
          </span>
          <div className="vl-choice-options">
            {CAPTURE_CHOICES.map((choice) => (
              <label key={choice.value} className="vl-choice-option">
                <input
                  type="radio"
                  name={`${id}-capture`}
                  value={choice.value}
                  checked={capture === choice.value}
                  disabled={sending}
                  onChange={() => handleCaptureChange(choice.value)}
                />
                <choice.icon />
                <span>{t(choice.labelKey)}</span>
              </label>
            ))}
          </div>
          <p className="vl-field-hint" id={`${id}-capture-status`} aria-live="polite">
            {captureStatus === 'waiting' ? t('captureWaiting', { capture: captureLabel }) : null}
            {captureStatus === 'attached' ? t('captureAttached', { capture: captureLabel }) : null}
            {captureStatus === 'cancelled' ? t('captureCancelled') : null}
          </p>
        </div>

        {/* asked again once a capture on the page ends (not while the editor is open) */}
        <CapturePreview refreshKey={captureStatus === 'waiting' ? 'idle' : captureStatus} disabled={sending} />

        <button type="submit" className="vl-button vl-button-block" aria-disabled={sending}>
          {sending ? t('sending') : t('send')}
        </button>
      </form>
    </ScreenLayout>
  );
}
