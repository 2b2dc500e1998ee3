/** Ctrl+U starts bug reporting with drawing; `isEnabled` is read on each key press. Returns the remover. */
export function listenForShortcuts(isEnabled: () => boolean, onBugShortcut: () => void): () => void {
  const onKey = (ev: KeyboardEvent) => {
    if (ev.ctrlKey && (ev.key === 'u' || ev.key === 'U') && isEnabled()) {
      ev.preventDefault();
      onBugShortcut();
    }
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
