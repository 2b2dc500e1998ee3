import { Center, Loader, Modal } from '@mantine/core';

/**
 * What a dialog whose code loads on its first open shows until that code arrives (the Suspense fallback around it):
 * an untitled dialog with a loader, closed by Escape or a click outside like the dialog itself.
 */
export function DialogLoading({ label, onClose }: { label: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} withCloseButton={false} size="sm">
      <Center py="xl" role="status" aria-label={label}>
        <Loader />
      </Center>
    </Modal>
  );
}
