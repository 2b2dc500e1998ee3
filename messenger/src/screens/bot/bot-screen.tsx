import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import type { BotRun } from '../../api/widget-api';
import { useBack, useMessengerState, useMessengerStore } from '../../app/use-messenger-store';
import type { Translate } from '../../i18n/translate';
import { useT } from '../../i18n/use-t';
import { ErrorState, LoadingState } from '../../ui/async-states';
import { formatShortDate } from '../../ui/format-date';
import { AlertIcon, SendIcon } from '../../ui/icons';
import { ScreenLayout } from '../../ui/screen-layout';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The check the server makes too, so a typo is caught before the round trip. */
export function validateBotAnswer(kind: 'text' | 'email', value: string, t: Translate): string | null {
  const answer = value.trim();
  if (!answer) return t('botAnswerRequired');
  if (kind === 'email' && !EMAIL.test(answer)) return t('botEmailInvalid');
  return null;
}

interface AnswerFormProps {
  kind: 'text' | 'email';
  placeholder?: string;
  busy: boolean;
  onAnswer: (value: string) => Promise<boolean>;
}

/** A typed answer: the field keeps its value when sending fails. */
function AnswerForm({ kind, placeholder, busy, onAnswer }: AnswerFormProps) {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  // The question arrives with the form: put the caret there, the visitor is mid-conversation.
  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = validateBotAnswer(kind, value, t);
    setError(invalid);
    if (invalid) {
      input.current?.focus();
      return;
    }
    if (await onAnswer(value.trim())) setValue('');
  };

  return (
    <form className="vl-composer vl-bot-answer" onSubmit={handleSubmit} noValidate aria-busy={busy}>
      <div className="vl-field">
        <label htmlFor={`${id}-answer`}>{t('botAnswer')}</label>
        <div className="vl-composer-row">
          <input
            ref={input}
            id={`${id}-answer`}
            type={kind === 'email' ? 'email' : 'text'}
            autoComplete={kind === 'email' ? 'email' : 'off'}
            value={value}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          <button
            type="submit"
            className="vl-icon-button vl-composer-send"
            aria-label={t('botSend')}
            aria-disabled={busy ? true : undefined}
          >
            <SendIcon />
          </button>
        </div>
        {error ? (
          <p className="vl-field-error" id={`${id}-error`} ref={errorRef}>
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function Outcome({
  run,
  onOpen,
  onRestart,
}: {
  run: BotRun;
  onOpen: (shareToken: string) => void;
  onRestart: () => void;
}) {
  const t = useT();
  const outcome = run.outcome;
  if (!outcome) return null;
  const shareToken = outcome.shareToken;
  let text: string = t('botEnded');
  if (outcome.type === 'ticket') text = t('botTicketCreated', { id: outcome.ticketId ?? '' });
  else if (outcome.type === 'conversation') text = t('botHandoff');
  return (
    <div className="vl-bot-outcome" role="status">
      <p>{text}</p>
      {shareToken && outcome.type !== 'end' ? (
        <button type="button" className="vl-button vl-button-block" onClick={() => onOpen(shareToken)}>
          {outcome.type === 'ticket' ? t('botOpenTicket') : t('botOpenConversation')}
        </button>
      ) : (
        <button type="button" className="vl-button vl-button-secondary vl-button-block" onClick={onRestart}>
          {t('botRestart')}
        </button>
      )}
    </div>
  );
}

/**
 * A scripted bot (`start-bot`): the server runs the script and answers with the messages so far and either what it
 * waits for (buttons or a typed answer) or how it ended (a ticket, a person, or nothing more).
 */
export function BotScreen({ botId }: { botId: string }) {
  const store = useMessengerStore();
  const onBack = useBack();
  const api = useWidgetApi();
  const t = useT();
  const lang = useMessengerState((s) => s.language);
  const run = useAsync(api ? () => api.startBot(botId) : null, [api, botId]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const loaded = run.status === 'success';
  const messageCount = loaded ? run.data.messages.length : 0;

  const ended = loaded && run.data.outcome !== undefined;
  // Keep the newest message and what the bot asks (or how it ended) in view.
  useEffect(() => {
    if (messageCount > 0 || ended || failure) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messageCount, ended, failure]);

  // A chosen button disappears with its answer: keyboard focus goes on to what the bot offers next (a typed answer
  // focuses itself). Focus the visitor put elsewhere stays there.
  useEffect(() => {
    if (messageCount === 0) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    actionsRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [messageCount]);

  const answer = async (value: string): Promise<boolean> => {
    if (!api || run.status !== 'success' || !run.data.prompt || busy) return false;
    setBusy(true);
    setFailure(null);
    try {
      const next = await api.answerBot(run.data.id, run.data.prompt.stepId, value);
      run.setData(() => next);
      return true;
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const handleOpen = (shareToken: string) => store.replace({ screen: 'conversation', shareToken });

  const botName = loaded ? run.data.botName : '';
  const prompt = loaded ? run.data.prompt : undefined;
  return (
    <ScreenLayout title={botName || t('botTitle')} onBack={onBack} onClose={store.close}>
      {run.status === 'loading' ? <LoadingState /> : null}
      {run.status === 'error' ? <ErrorState error={run.error} onRetry={run.retry} /> : null}
      {loaded ? (
        <div className="vl-conversation vl-bot">
          {/* A log of list items: the list keeps its own role, so each message stays a listitem. */}
          <div role="log" aria-label={t('botLog', { bot: botName })} aria-live="polite">
            <ol className="vl-messages">
              {run.data.messages.map((message) => {
                const mine = message.author.type === 'contact';
                return (
                  <li key={message.id} className={mine ? 'vl-message vl-message-mine' : 'vl-message'}>
                    {mine ? null : <span className="vl-message-author">{message.author.name}</span>}
                    <p className="vl-message-text">{message.text}</p>
                    <time className="vl-message-time" dateTime={message.createdAt}>
                      {formatShortDate(message.createdAt, lang)}
                    </time>
                  </li>
                );
              })}
            </ol>
          </div>
          {busy ? (
            <p className="vl-muted vl-bot-typing" role="status">
              {t('botTyping', { bot: botName })}
            </p>
          ) : null}
          {failure ? (
            <div role="alert" className="vl-alert">
              <span className="vl-alert-icon">
                <AlertIcon />
              </span>
              <span>{failure}</span>
            </div>
          ) : null}
          <div ref={actionsRef} className="vl-bot-actions">
            {prompt?.kind === 'buttons' ? (
              <fieldset className="vl-bot-choices" aria-label={t('botChoices')}>
                {(prompt.options ?? []).map((option) => (
                  <button
                    key={option.id}
                    type="button"
                    className="vl-button vl-button-secondary"
                    aria-disabled={busy ? true : undefined}
                    onClick={() => void answer(option.id)}
                  >
                    {option.label}
                  </button>
                ))}
              </fieldset>
            ) : null}
            {prompt && prompt.kind !== 'buttons' ? (
              <AnswerForm
                key={prompt.stepId}
                kind={prompt.kind}
                placeholder={prompt.placeholder}
                busy={busy}
                onAnswer={answer}
              />
            ) : null}
            <Outcome run={run.data} onOpen={handleOpen} onRestart={run.retry} />
          </div>
          <div ref={endRef} />
        </div>
      ) : null}
    </ScreenLayout>
  );
}
