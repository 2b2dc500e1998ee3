import { TextInput } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/shared/api/api-error';
import { renderWithProviders } from '@/test/render';
import { FormModal, ModalForm } from './form-modal';
import { useServerForm } from './use-server-form';

const schema = z.object({
  vin: z.string().trim().length(17, 'The VIN has 17 characters.'),
  registrationNumber: z.string().trim().min(1, 'Enter the registration number.'),
});
type Values = z.infer<typeof schema>;

function CloneForm({ onClose, onSubmit }: { onClose: () => void; onSubmit: (values: Values) => Promise<unknown> }) {
  const server = useServerForm({ schema, defaultValues: { vin: '', registrationNumber: 'KA01' }, onSubmit });
  const { register, formState } = server.form;
  return (
    <ModalForm form={server} description="Devices are not copied." submitLabel="Clone vehicle" onCancel={onClose}>
      <TextInput label="VIN" {...register('vin')} error={formState.errors.vin?.message} />
      <TextInput
        label="Registration number"
        {...register('registrationNumber')}
        error={formState.errors.registrationNumber?.message}
      />
    </ModalForm>
  );
}

function Page({ onSubmit }: { onSubmit: (values: Values) => Promise<unknown> }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Clone
      </button>
      <FormModal opened={opened} onClose={() => setOpened(false)} title="Clone VIN1">
        <CloneForm
          onClose={() => setOpened(false)}
          onSubmit={async (values) => {
            await onSubmit(values);
            setOpened(false);
          }}
        />
      </FormModal>
    </>
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Clone' }));
  return screen.findByRole('dialog', { name: 'Clone VIN1' });
}

test('checks the fields in the browser before anything is sent', async () => {
  const onSubmit = vi.fn(async () => {});
  renderWithProviders(<Page onSubmit={onSubmit} />);
  const dialog = await openDialog();
  expect(within(dialog).getByText('Devices are not copied.')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Clone vehicle' }));
  expect(await within(dialog).findByText('The VIN has 17 characters.')).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
});

test("puts the server's field errors under their fields and the rest above the form", async () => {
  const onSubmit = vi.fn(async () => {
    throw new ApiError(409, 'conflict', 'The vehicle was not cloned.', {
      vin: 'Another vehicle has this VIN.',
      ownerId: 'The owner is gone.',
    });
  });
  renderWithProviders(<Page onSubmit={onSubmit} />);
  const dialog = await openDialog();
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'VIN' }), ' MD2A11CZ9KCA00001 ');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Clone vehicle' }));
  expect(await within(dialog).findByText('Another vehicle has this VIN.')).toBeInTheDocument();
  expect(within(dialog).getByRole('alert')).toHaveTextContent('The vehicle was not cloned.');
  expect(onSubmit).toHaveBeenCalledWith({ vin: 'MD2A11CZ9KCA00001', registrationNumber: 'KA01' });
});

test('a form opened again starts from its default values', async () => {
  renderWithProviders(<Page onSubmit={async () => {}} />);
  let dialog = await openDialog();
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'VIN' }), 'typed');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  dialog = await openDialog();
  expect(within(dialog).getByRole('textbox', { name: 'VIN' })).toHaveValue('');
});
