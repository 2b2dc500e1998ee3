import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { AlertIcon } from './icons';

/** A centred spinner with a text for screen readers and sighted users alike. */
export function LoadingState({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="vl-empty" role="status">
      <span className="vl-spinner" aria-hidden="true" />
      <p className="vl-muted">{label ?? t('loading')}</p>
    </div>
  );
}

/** An error with its message and a retry button. */
export function ErrorState({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="vl-empty" role="alert">
      <span className="vl-error-icon">
        <AlertIcon />
      </span>
      <p className="vl-empty-title">{t('errorTitle')}</p>
      <p className="vl-muted">{error.message}</p>
      <button type="button" className="vl-button vl-button-secondary" onClick={onRetry}>
        {t('tryAgain')}
      </button>
    </div>
  );
}

/** Nothing to show, said plainly. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="vl-empty">
      <p className="vl-empty-title">{title}</p>
      {children ? <p className="vl-muted">{children}</p> : null}
    </div>
  );
}
