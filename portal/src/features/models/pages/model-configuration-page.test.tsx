import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test } from 'vitest';
import { createTestStore, preloadPages, renderApp, signInAs } from '@/test/render';

beforeAll(preloadPages, 60_000);

test('the model configuration flow opens the step selected by id and moves on with Next', async () => {
  const store = createTestStore();
  signInAs(store, 'OEMA');
  const { router } = renderApp('/models/configuration?step=4', { store });
  expect(await screen.findByText('Step 4: Faults')).toBeInTheDocument();
  for (const label of ['1 Information', '2 Master Data', '3 Commands', '4 Faults', '5 Configurations', '6 Telemetry']) {
    expect(screen.getByText(label)).toBeInTheDocument();
  }
  await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
  await waitFor(() => expect(router.state.location.search).toBe('?step=5'));
  expect(await screen.findByText('Step 5: Configurations')).toBeInTheDocument();
});

test('the model master data tab has one sub-tab per device kind of the model', async () => {
  const store = createTestStore();
  signInAs(store, 'OEMA');
  renderApp('/model-management/ev?tab=master-data', { store });
  expect(await screen.findByRole('tab', { name: 'Vehicle State' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'BMS State' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'MCU State' })).toBeInTheDocument();
  expect(screen.getAllByRole('tablist')).toHaveLength(2);
});
