import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { AlertIcon, SendIcon } from '../../ui/icons';

/**
 * The message box of a conversation: Enter sends, Shift+Enter adds a line. `onSend` rejects to show its error;
 * the text stays for another try.
 */
export function MessageComposer({
  onSend,
  autoFocus = false,
}: {
  onSend: (text: string) => Promise<void>;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    setError(null);
    try {
      await onSend(text);
      setDraft('');
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setSending(false);
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form className="vl-composer" onSubmit={handleSubmit} aria-busy={sending}>
      {error ? (
        <div role="alert" className="vl-alert">
          <span className="vl-alert-icon">
            <AlertIcon />
          </span>
          <span>{error}</span>
        </div>
      ) : null}
      <div className="vl-composer-row">
        <label htmlFor={`${id}-message`} className="vl-visually-hidden">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          rows={1}
          value={draft}
          placeholder="Write a message…"
          readOnly={sending}
          // biome-ignore lint/a11y/noAutofocus: a new conversation has nothing else to do than write
          autoFocus={autoFocus}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={handleKeyDown}
        />
        <button
          type="submit"
          className="vl-icon-button vl-composer-send"
          aria-label="Send message"
          aria-disabled={sending || !draft.trim()}
        >
          <SendIcon />
        </button>
      </div>
    </form>
  );
}
