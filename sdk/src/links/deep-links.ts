/** The kinds a deep link may open. */
export const LINK_KINDS = ['article', 'collection', 'flow', 'survey', 'bot', 'news', 'checklist', 'tour'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** Parse `gleap://{kind}/{id}` or a path `/{x}/{kind}/{id}`; null when it is not a deep link. */
export function parseDeepLink(href: string): { kind: LinkKind; id: string } | null {
  let path: string;
  if (href.startsWith('gleap://')) path = href.slice('gleap://'.length);
  else {
    const m = /^(?:[a-z]+:\/\/[^/]+)?(\/[^?#]*)/i.exec(href);
    if (!m) return null;
    const parts = m[1]!.split('/').filter(Boolean);
    if (parts.length !== 3) return null;
    path = `${parts[1]}/${parts[2]}`;
  }
  const [kind = '', id = ''] = path.split(/[?#]/)[0]!.split('/').filter(Boolean);
  if (!(LINK_KINDS as readonly string[]).includes(kind) || !id) return null;
  return { kind: kind as LinkKind, id: decodeURIComponent(id) };
}

export type LinkOpeners = Record<LinkKind, (id: string) => void>;

/** Act on a deep link; logs 'Failed to handle link' when the opener throws. True when it was one of ours. */
export function handleDeepLink(href: string, openers: LinkOpeners): boolean {
  const link = parseDeepLink(href);
  if (!link) return false;
  try {
    openers[link.kind](link.id);
  } catch {
    console.error('Failed to handle link');
  }
  return true;
}

/** Catch clicks on `<a href="gleap://…">` anywhere in the document; returns the remover. */
export function listenForDeepLinks(openers: LinkOpeners): () => void {
  const onClick = (ev: MouseEvent) => {
    const a = (ev.target as Element | null)?.closest?.('a[href^="gleap://"]');
    if (!a) return;
    ev.preventDefault();
    handleDeepLink(a.getAttribute('href') ?? '', openers);
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
