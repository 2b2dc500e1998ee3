import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { createQueryClient } from '@/shared/api/query-client';
import { signedInWorldStore } from '@/test/api-sign-in';
import { renderWithProviders } from '@/test/render';
import { DeviceGroupPicker } from './device-group-picker';

function Harness({ onPick }: { onPick: (ids: string[], members: number) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <DeviceGroupPicker
      multiple
      label="Target groups"
      value={value}
      onChange={setValue}
      ownerKinds={['fleet']}
      onGroupsChange={(groups) =>
        onPick(
          groups.map((g) => g.id),
          groups.reduce((n, g) => n + g.vehicleIds.length, 0),
        )
      }
    />
  );
}

test('lists the device groups in scope with owner and member count, and hands back the picked groups', async () => {
  const store = await signedInWorldStore('FA');
  const picks: { ids: string[]; members: number }[] = [];
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <Harness onPick={(ids, members) => picks.push({ ids, members })} />
    </QueryClientProvider>,
    { store },
  );
  await userEvent.click(screen.getByRole('textbox', { name: 'Target groups' }));
  const listbox = await screen.findByRole('listbox');
  const option = await within(listbox).findByRole('option', { name: /^Pilot vehicles · Fleet .* · 1 vehicle$/ });
  expect(within(listbox).getAllByRole('option')).toHaveLength(2);
  await userEvent.click(option);
  await waitFor(() => expect(picks.at(-1)).toEqual({ ids: ['dgr-0003'], members: 1 }));
});

test('says so when the groups cannot be loaded (no su.DG)', async () => {
  const store = await signedInWorldStore('FE');
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <DeviceGroupPicker label="Target group" value={null} onChange={() => {}} />
    </QueryClientProvider>,
    { store },
  );
  expect(await screen.findByText(/Device groups could not be loaded/)).toBeInTheDocument();
});
