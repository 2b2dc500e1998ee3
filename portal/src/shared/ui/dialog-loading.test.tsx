import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DialogLoading } from './dialog-loading';

afterEach(cleanup);

test('a lazily loaded dialog shows a loader until its code arrives, then the dialog', async () => {
  let arrive: (m: { default: () => React.JSX.Element }) => void = () => {};
  const Dialog = lazy(() => new Promise<{ default: () => React.JSX.Element }>((resolve) => (arrive = resolve)));
  renderWithProviders(
    <Suspense fallback={<DialogLoading label="Loading the send dialog" onClose={() => {}} />}>
      <Dialog />
    </Suspense>,
  );
  expect(await screen.findByRole('status', { name: 'Loading the send dialog' })).toBeInTheDocument();
  arrive({ default: () => <div role="dialog" aria-label="Send a command" /> });
  expect(await screen.findByRole('dialog', { name: 'Send a command' })).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading the send dialog' })).not.toBeInTheDocument();
});

test('Escape closes the loading dialog', async () => {
  const onClose = vi.fn();
  renderWithProviders(<DialogLoading label="Loading the form" onClose={onClose} />);
  await screen.findByRole('status', { name: 'Loading the form' });
  await userEvent.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalled();
});
