import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { call, signIn } from '@/mocks/test/api-test-client';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp, signInAs } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string) {
  const store = createTestStore();
  const token = await signInWithApi(store, role);
  return { ...renderApp(path, { store }), token, store };
}

describe('settings', () => {
  test('a Super Admin gets the four tabs', async () => {
    await openAs('SA', '/settings');
    for (const tab of ['Company logo', 'REST API', 'Delivery methods', 'Change password'])
      expect(await screen.findByRole('tab', { name: tab })).toBeInTheDocument();
  });

  test('an API key is created with a scope, its secret shown once, then reset and revoked with confirmation', async () => {
    await openAs('SA', '/settings?tab=api');
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('Data warehouse export')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText('Enter a name that says what uses the key.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Telematics bridge');
    await userEvent.selectOptions(within(dialog).getByLabelText('Scope'), 'write');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    const secret = within(shown).getByLabelText('the API key').textContent ?? '';
    expect(secret).toMatch(/^vlk_[0-9a-f]{48}$/);
    await userEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your new API key' })).not.toBeInTheDocument());
    const row = (await screen.findByText('Telematics bridge')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Read and write');
    expect(row).toHaveTextContent(secret.slice(0, 10));
    expect(document.body.textContent).not.toContain(secret);

    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Telematics bridge' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() =>
      expect((screen.getByText('Telematics bridge').closest('tr') as HTMLElement).textContent).toContain('Revoked'),
    );
    expect((await call('GET', '/vehicles?pageSize=1', { token: secret })).status).toBe(401);
  });

  test('an OEM Admin lists keys but has no create, reset or revoke', async () => {
    await openAs('OEMA', '/settings?tab=api');
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('Dealer management system')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create API key' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  test('a logo that is not an image gets a field error; a PNG shows a preview and is saved', async () => {
    await openAs('SA', '/settings?tab=logo');
    const input = (await screen.findByText('No logo yet')) && document.querySelector('input[type="file"]');
    expect(input).not.toBeNull();
    fireEvent.change(input as HTMLInputElement, {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    });
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image (SVG is not accepted).')).toBeInTheDocument();
    const big = new File([new Uint8Array(600 * 1024)], 'big.png', { type: 'image/png' });
    fireEvent.change(input as HTMLInputElement, { target: { files: [big] } });
    expect(await screen.findByText('The image is 600 KB; the limit is 512 KB.')).toBeInTheDocument();
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
      (c) => c.charCodeAt(0),
    );
    fireEvent.change(input as HTMLInputElement, {
      target: { files: [new File([png], 'dot.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('img', { name: 'Preview of the new logo' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save logo' }));
    expect(await screen.findByRole('img', { name: 'Current company logo' })).toBeInTheDocument();
    const sa = await signIn('SA');
    expect((await call('GET', '/settings', { token: sa })).body.logo.fileName).toBe('dot.png');
  });

  test('delivery methods: field errors keep the typed value; a valid sender is saved', async () => {
    await openAs('OEMA', '/settings?tab=delivery');
    const smtp = await screen.findByLabelText(/^E-mail sender/);
    await userEvent.type(smtp, 'alerts-at-example');
    await userEvent.type(screen.getByLabelText(/^SMS sender id/), 'TOO LONG ID');
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery methods' }));
    expect(await screen.findByText('Use 3 to 11 letters or digits, no spaces.')).toBeInTheDocument();
    expect(smtp).toHaveValue('alerts-at-example');
    await userEvent.clear(smtp);
    await userEvent.type(smtp, 'alerts@oem.example');
    await userEvent.clear(screen.getByLabelText(/^SMS sender id/));
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery methods' }));
    await waitFor(async () => {
      const oema = await signIn('OEMA');
      expect((await call('GET', '/settings', { token: oema })).body.smtpSender).toBe('alerts@oem.example');
    });
  });

  test('a weak new password gets the strength rule as its field error', async () => {
    await openAs('SA', '/settings?tab=password');
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'demo1234');
    await userEvent.type(screen.getByLabelText(/^New password$/), 'weakpass');
    await userEvent.type(screen.getByLabelText(/^New password again/), 'weakpass');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText(/^Use at least 10 characters, an upper-case letter, a digit, a symbol\.$/),
    ).toBeInTheDocument();
  });

  test('a Fleet Admin (no s) gets the 403 page', async () => {
    const store = createTestStore();
    signInAs(store, 'FA');
    renderApp('/settings', { store });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});
