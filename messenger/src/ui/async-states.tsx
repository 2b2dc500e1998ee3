import type { ReactNode } from 'react';
import { AlertIcon } from './icons';

/** A centred spinner with a text for screen readers and sighted users alike. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="vl-empty" role="status">
      <span className="vl-spinner" aria-hidden="true" />
      <p className="vl-muted">{label}</p>
    </div>
  );
}

/** An error with its message and a retry button. */
export function ErrorState({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="vl-empty" role="alert">
      <span className="vl-error-icon">
        <AlertIcon />
      </span>
      <p className="vl-empty-title">Something went wrong</p>
      <p className="vl-muted">{error.message}</p>
      <button type="button" className="vl-button vl-button-secondary" onClick={onRetry}>
        Try again
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
