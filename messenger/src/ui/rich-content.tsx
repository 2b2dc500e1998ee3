import DOMPurify from 'dompurify';
import { type KeyboardEvent, type MouseEvent, useMemo } from 'react';
import { useHostChannel } from '../bridge/use-host-channel';

/**
 * Sanitise server HTML for display: no scripts, handlers, forms, frames or inline styles. Images become focusable,
 * so keyboard users can open them in the viewer too.
 */
export function sanitizeHtml(html: string): string {
  const fragment = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const image of fragment.querySelectorAll('img')) image.setAttribute('tabindex', '0');
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

/**
 * Server-provided article content. Images open in the widget's image viewer (`open-image`) and links open through
 * the widget (`open-url`, new tab), because the frame itself must not navigate away.
 */
export function RichContent({ html }: { html: string }) {
  const channel = useHostChannel();
  const clean = useMemo(() => sanitizeHtml(html), [html]);

  const activate = (target: HTMLElement, event: { preventDefault(): void }) => {
    const image = target.closest('img');
    if (image?.src) {
      event.preventDefault();
      channel.send('open-image', { url: image.src });
      return;
    }
    const link = target.closest('a');
    if (link?.href) {
      event.preventDefault();
      channel.send('open-url', link.href, { newTab: true });
    }
  };

  const handleClick = (event: MouseEvent<HTMLDivElement>) => activate(event.target as HTMLElement, event);
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Links already turn Enter into a click; images need it done for them.
    const target = event.target as HTMLElement;
    if (target.tagName === 'IMG' && (event.key === 'Enter' || event.key === ' ')) activate(target, event);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegation container for the links and images inside it
    <div
      className="vl-rich"
      onClick={handleClick}
      onKeyDown={handleKeyDown}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in sanitizeHtml
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
