import { type ChangeEvent, type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { AlertIcon, CloseIcon, PaperclipIcon, SendIcon } from '../../ui/icons';
import { useT } from '../../i18n/use-t';

export interface MessageComposerProps {
  onSend: (text: string, files: File[]) => Promise<void>;
  /** Offer the attach button (a new conversation starts with text only). */
  allowFiles?: boolean;
  autoFocus?: boolean;
}

/**
 * The message box of a conversation: Enter sends, Shift+Enter adds a line, files can be attached. `onSend` rejects
 * to show its error; the text and files stay for another try.
 */
export function MessageComposer({ onSend, allowFiles = false, autoFocus = false }: MessageComposerProps) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Each chosen file gets an id, so removing one never confuses the list's keys.
  const [files, setFiles] = useState<{ id: number; file: File }[]>([]);
  const nextFileId = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const canSend = draft.trim() !== '' || files.length > 0;

  const send = async () => {
    const text = draft.trim();
    if (!canSend || sending) return;
    setSending(true);
    setError(null);
    try {
      await onSend(
        text,
        files.map((f) => f.file),
      );
      setDraft('');
      setFiles([]);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setSending(false);
    }
  };

  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    setFiles((current) => [...current, ...chosen.map((file) => ({ id: nextFileId.current++, file }))]);
    // Clear the input so choosing the same file again fires change.
    event.target.value = '';
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
      {files.length > 0 ? (
        <ul className="vl-file-list" aria-label={t('attachedFiles')}>
          {files.map(({ id: fileId, file }) => (
            <li key={fileId} className="vl-file-chip">
              <span>{file.name}</span>
              <button
                type="button"
                className="vl-icon-button vl-file-remove"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles((current) => current.filter((f) => f.id !== fileId))}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="vl-composer-row">
        {allowFiles ? (
          <>
            <input
              ref={fileInput}
              id={`${id}-file`}
              type="file"
              multiple
              className="vl-visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={handleFiles}
            />
            <button
              type="button"
              className="vl-icon-button vl-composer-attach"
              aria-label={t('attachFile')}
              onClick={() => fileInput.current?.click()}
            >
              <PaperclipIcon />
            </button>
          </>
        ) : null}
        <label htmlFor={`${id}-message`} className="vl-visually-hidden">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          rows={1}
          value={draft}
          placeholder={t('writeMessage')}
          readOnly={sending}
          // biome-ignore lint/a11y/noAutofocus: a new conversation has nothing else to do than write
          autoFocus={autoFocus}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={handleKeyDown}
        />
        <button
          type="submit"
          className="vl-icon-button vl-composer-send"
          aria-label={t('sendMessage')}
          aria-disabled={sending || !canSend}
        >
          <SendIcon />
        </button>
      </div>
    </form>
  );
}
