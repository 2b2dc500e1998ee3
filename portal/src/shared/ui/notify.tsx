import { toast } from 'sonner';
import { ToastCard, type ToastKind } from './toast-card';

export interface NotifyOptions {
  description?: string;
}

function show(kind: ToastKind, title: string, options: NotifyOptions = {}) {
  // Sonner only positions and stacks; the card owns timing, click and swipe (see docs/decisions/0004).
  return toast.custom(
    (id) => (
      <ToastCard kind={kind} title={title} description={options.description} onDismiss={() => toast.dismiss(id)} />
    ),
    { duration: Number.POSITIVE_INFINITY, dismissible: false, unstyled: true },
  );
}

/** Shows a toast top-right that closes after 5 s (paused on hover and window blur), on click, or when swiped away. */
export const notify = {
  success: (title: string, options?: NotifyOptions) => show('success', title, options),
  error: (title: string, options?: NotifyOptions) => show('error', title, options),
  info: (title: string, options?: NotifyOptions) => show('info', title, options),
  warning: (title: string, options?: NotifyOptions) => show('warning', title, options),
};
