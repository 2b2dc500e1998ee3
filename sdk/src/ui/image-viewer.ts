import { getShadowRoot } from './host';

let viewer: HTMLElement | null = null;

/** Full-screen image viewer with a close button; Escape or the button closes it. */
export function openImageViewer(url: string): void {
  closeImageViewer();
  const root = getShadowRoot();
  viewer = document.createElement('div');
  viewer.className = 'viewer';
  viewer.setAttribute('role', 'dialog');
  viewer.setAttribute('aria-modal', 'true');
  viewer.setAttribute('aria-label', 'Image');
  const img = document.createElement('img');
  img.src = url;
  img.alt = '';
  const close = document.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', 'Close image');
  close.textContent = '×';
  close.addEventListener('click', closeImageViewer);
  viewer.addEventListener('keydown', (e) => e.key === 'Escape' && closeImageViewer());
  viewer.append(img, close);
  root.appendChild(viewer);
  close.focus();
}

export function closeImageViewer(): void {
  viewer?.remove();
  viewer = null;
}

export function isImageViewerOpen(): boolean {
  return !!viewer;
}
