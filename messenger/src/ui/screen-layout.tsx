import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { BackIcon, CloseIcon } from './icons';

export interface ScreenLayoutProps {
  title: string;
  /** Shown when back navigation is allowed. */
  onBack?: () => void;
  /** Shown when the screen offers its own close control in the header. */
  onClose?: () => void;
  children: ReactNode;
}

/** Header (back, title, close) and body shared by every screen after home. */
export function ScreenLayout({ title, onBack, onClose, children }: ScreenLayoutProps) {
  const t = useT();
  return (
    <>
      <header className="vl-header">
        {onBack ? (
          <button type="button" className="vl-icon-button" aria-label={t('back')} onClick={onBack}>
            <BackIcon />
          </button>
        ) : (
          <span className="vl-icon-spacer" />
        )}
        <h1 className="vl-header-title" tabIndex={-1} data-screen-heading>
          {title}
        </h1>
        {onClose ? (
          <button type="button" className="vl-icon-button" aria-label={t('close')} onClick={onClose}>
            <CloseIcon />
          </button>
        ) : (
          <span className="vl-icon-spacer" />
        )}
      </header>
      <div className="vl-body">{children}</div>
    </>
  );
}
