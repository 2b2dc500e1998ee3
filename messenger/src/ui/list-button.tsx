import type { ReactNode } from 'react';
import { ChevronIcon } from './icons';

/** One row of a navigation list: a title, optional secondary lines, and a chevron. */
export function ListButton({
  title,
  children,
  aside,
  onClick,
}: {
  title: ReactNode;
  children?: ReactNode;
  aside?: ReactNode;
  onClick: () => void;
}) {
  return (
    <li>
      <button type="button" className="vl-list-button" onClick={onClick}>
        <span className="vl-list-text">
          <span className="vl-list-title">{title}</span>
          {children ? <span className="vl-list-description">{children}</span> : null}
        </span>
        {aside}
        <ChevronIcon />
      </button>
    </li>
  );
}
