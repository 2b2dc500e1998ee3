import { core, h, returnFocus } from './panel';

export { use } from './panel';

/**
 * The full-screen image viewer the frame opens with `open-image` (an image of a help article or a message), in the
 * widget's own shadow root. A lazy chunk: the frame that asks for it is loaded, so the network is there.
 */

let viewer: HTMLElement | null = null;
/** Gives focus back to where it was when the viewer opened (the messenger frame, mostly). */
let giveBack: (() => void) | undefined;
/** The shadow root that has the viewer's stylesheet (a new one after destroy and initialize). */
let styledRoot: ShadowRoot | null = null;

/** English texts of the image viewer (its section of `WidgetStrings`, `core/i18n.ts`). */
export const IMAGE_TEXTS = { image: 'Image', closeImage: 'Close image' };

const CSS = `.viewer{position:fixed;inset:0;z-index:2147483602;background:rgba(0,0,0,.8);display:flex;align-items:center;justify-content:center}
.viewer img{max-width:90vw;max-height:90vh}
.viewer button{position:absolute;top:16px;inset-inline-end:16px;width:40px;height:40px;border-radius:50%;border:0;background:#fff;cursor:pointer;font-size:20px}
.viewer button:focus-visible{outline:3px solid #fff;outline-offset:3px}`;

/** Full-screen image viewer with a close button; Escape or the button closes it (Escape does not close the widget). */
export function openImageViewer(url: string): void {
  closeImageViewer();
  giveBack = returnFocus();
  const root = core.getShadowRoot();
  if (styledRoot !== root) {
    core.addShadowStyles(CSS);
    styledRoot = root;
  }
  const T = core.localize(IMAGE_TEXTS);
  const img = h('img', { src: url, alt: '' });
  const close = h('button', { type: 'button' }, { 'aria-label': T.closeImage }, '×');
  close.addEventListener('click', closeImageViewer);
  viewer = h(
    'div',
    { className: 'viewer' },
    { role: 'dialog', 'aria-modal': 'true', 'aria-label': T.image },
    img,
    close,
  );
  viewer.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    closeImageViewer();
  });
  root.appendChild(viewer);
  close.focus();
}

export function closeImageViewer(): void {
  viewer?.remove();
  viewer = null;
  giveBack?.();
  giveBack = undefined;
}
