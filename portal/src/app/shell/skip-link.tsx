import type { MouseEvent } from 'react';

/**
 * "Skip to main content" (WCAG 2.4.1): the first thing a Tab reaches, hidden until focused. It moves focus itself
 * instead of following `#id`, so the URL (which the router and the breadcrumbs read) does not change.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${targetId}`} className="voltline-skip-link" onClick={handleClick}>
      Skip to main content
    </a>
  );
}
