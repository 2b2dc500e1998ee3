/** 24 x 24 stroke icons of the capture editor, drawn for it (currentColor, 2 px). */
const svg = (body: string) =>
  `<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${body}</svg>`;

export const ICONS = {
  move: svg(
    '<circle cx="9" cy="6" r="1"/><circle cx="15" cy="6" r="1"/><circle cx="9" cy="12" r="1"/><circle cx="15" cy="12" r="1"/><circle cx="9" cy="18" r="1"/><circle cx="15" cy="18" r="1"/>',
  ),
  pointer: svg('<path d="M5 3l14 7-6 2-2 6z"/><path d="M13 13l5 5"/>'),
  rectangle: svg('<rect x="4" y="5" width="16" height="14" rx="2"/>'),
  pen: svg('<path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4z"/>'),
  blur: svg('<rect x="3" y="9" width="18" height="6" rx="1" fill="currentColor"/><path d="M5 5h14M5 19h14"/>'),
  undo: svg('<path d="M9 14L4 9l5-5"/><path d="M4 9h10a6 6 0 0 1 0 12h-2"/>'),
  close: svg('<path d="M18 6L6 18M6 6l12 12"/>'),
  mic: svg('<rect x="9" y="3" width="6" height="11" rx="3"/><path d="M5 11a7 7 0 0 0 14 0M12 18v3"/>'),
  micOff: svg(
    '<path d="M3 3l18 18"/><path d="M9 9v2a3 3 0 0 0 5.1 2.1M15 9.3V6a3 3 0 0 0-5.7-1.3"/><path d="M5 11a7 7 0 0 0 11.4 5.4M19 11a7 7 0 0 1-.5 2.5M12 18v3"/>',
  ),
  record: '<span class="dot" aria-hidden="true"></span>',
  stop: '<span class="square" aria-hidden="true"></span>',
  arrow: svg('<path d="M5 12h14M13 6l6 6-6 6"/>'),
} as const;
