import type { ReactNode } from 'react';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `text` with every case-insensitive occurrence of `term` wrapped in <mark>. */
export function highlight(text: string, term: string): ReactNode[] {
  const needle = term.trim();
  if (!needle) return [text];
  const parts = text.split(new RegExp(`(${escapeRegExp(needle)})`, 'gi'));
  return parts.map((part, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder
    index % 2 === 1 ? <mark key={index}>{part}</mark> : part,
  );
}
