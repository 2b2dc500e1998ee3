import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@/domain/constants';

/** The one toast outlet: top-right, light theme. Timing and gestures live in `ToastCard`. */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      theme="light"
      duration={TOAST_DURATION_MS}
      visibleToasts={4}
      offset={{ top: 72, right: 16 }}
      containerAriaLabel="Notifications"
    />
  );
}
