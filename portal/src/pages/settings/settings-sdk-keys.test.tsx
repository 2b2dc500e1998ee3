import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { server } from '@/mocks/node';
import { call, signIn } from '@/mocks/test/api-test-client';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);
afterEach(() => server.resetHandlers());

async function openAs(role: RoleCode, path = '/settings?tab=widget') {
  const store = createTestStore();
  const token = await signInWithApi(store, role);
  return { ...renderApp(path, { store }), token };
}

type Key = { id: string; name: string; key: string; config: Record<string, unknown>; revokedAt: string | null };
const keysOf = async (role: RoleCode) => (await call('GET', '/sdk-keys', { token: await signIn(role) })).body as Key[];

describe('Settings: widget SDK keys (decision 0123)', () => {
  test('a Super Admin sees the demo key; creates one (checked in the browser), edits its widget look, revokes it with confirmation', async () => {
    await openAs('SA');
    const table = await screen.findByRole('table', { name: 'SDK keys' });
    const demoRow = within(table).getByText('Voltline portal').closest('tr') as HTMLElement;
    expect(demoRow).toHaveTextContent('demo-widget-key');
    expect(demoRow).toHaveTextContent('#485BFF');
    expect(within(demoRow).getByRole('button', { name: 'Copy the key of Voltline portal' })).toBeInTheDocument();

    // Create: the browser checks the name and the colour before anything is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Create SDK key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create SDK key' });
    const colour = within(dialog).getByRole('textbox', { name: 'Colour' });
    await userEvent.clear(colour);
    await userEvent.type(colour, 'blue');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(
      await within(dialog).findByText('Enter a name that says which site or app uses the key.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a colour as #RRGGBB, for example #485BFF.')).toBeInTheDocument();
    const before = (await keysOf('SA')).length;
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Dealer portal');
    await userEvent.clear(colour);
    await userEvent.type(colour, '#0a7d3e');
    await userEvent.selectOptions(within(dialog).getByLabelText('Button position'), 'BOTTOM_LEFT');
    await userEvent.click(within(dialog).getByRole('switch', { name: /Network logs/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new SDK key' });
    const value = within(shown).getByLabelText('the SDK key').textContent ?? '';
    expect(value).toMatch(/^sdk_[A-Za-z0-9_-]{32}$/);
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    const created = (await keysOf('SA')).find((k) => k.key === value);
    expect(created).toMatchObject({
      name: 'Dealer portal',
      config: { color: '#0A7D3E', position: 'BOTTOM_LEFT', networkLogs: false, webReplays: true, language: 'auto' },
    });
    expect((await keysOf('SA')).length).toBe(before + 1);
    // The key is public by design: it stays in the list, with its look.
    const row = (await screen.findByText('Dealer portal')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent(value);
    expect(row).toHaveTextContent('Round button, bottom left');
    expect(row).toHaveTextContent('network logs off');

    // Edit with the keyboard: the language, replays off.
    await userEvent.click(within(row).getByRole('button', { name: 'Edit Dealer portal' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Dealer portal' });
    expect(within(edit).getByRole('textbox', { name: 'Colour' })).toHaveValue('#0A7D3E');
    // The browser's colour picker writes the text field.
    fireEvent.input(within(edit).getByLabelText('Pick the colour'), { target: { value: '#1c7ed6' } });
    expect(within(edit).getByRole('textbox', { name: 'Colour' })).toHaveValue('#1C7ED6');
    await userEvent.selectOptions(within(edit).getByLabelText('Language'), 'de');
    within(edit)
      .getByRole('switch', { name: /Session replays/ })
      .focus();
    await userEvent.keyboard(' ');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Dealer portal' })).not.toBeInTheDocument());
    expect((await keysOf('SA')).find((k) => k.key === value)?.config).toMatchObject({
      color: '#1C7ED6',
      language: 'de',
      webReplays: false,
    });
    await waitFor(() =>
      expect((screen.getByText('Dealer portal').closest('tr') as HTMLElement).textContent).toContain('German'),
    );

    // Revoke, confirmed.
    await userEvent.click(
      within(screen.getByText('Dealer portal').closest('tr') as HTMLElement).getByRole('button', {
        name: 'Revoke Dealer portal',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Revoke SDK key' });
    expect(confirm).toHaveTextContent('answers 401');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() =>
      expect((screen.getByText('Dealer portal').closest('tr') as HTMLElement).textContent).toContain('Revoked'),
    );
    expect((await keysOf('SA')).find((k) => k.key === value)?.revokedAt).toEqual(expect.any(String));
  });

  test("the server's field errors land under their fields", async () => {
    server.use(
      http.post('/api/sdk-keys', () =>
        HttpResponse.json(
          {
            code: 'validation_failed',
            message: 'Some fields need attention.',
            fieldErrors: { 'config.language': 'Choose Automatic or one of the widget languages.' },
          },
          { status: 400 },
        ),
      ),
    );
    await openAs('SA');
    await userEvent.click(await screen.findByRole('button', { name: 'Create SDK key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create SDK key' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Site');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Choose Automatic or one of the widget languages.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a Platform Employee sees the keys but cannot create, edit or revoke', async () => {
    await openAs('SE');
    const table = await screen.findByRole('table', { name: 'SDK keys' });
    expect(within(table).getByText('Voltline portal')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create SDK key' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^(Edit|Revoke) / })).not.toBeInTheDocument();
  });

  test('an OEM Admin sees the empty state of their organisation and may create', async () => {
    await openAs('OEMA');
    expect(await screen.findByText('No SDK keys yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create SDK key' })).toBeInTheDocument();
  });

  test('an OEM Employee (no s) is refused the page, and the API refuses the keys', async () => {
    const { token } = await openAs('OEME', '/settings?tab=widget');
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'SDK keys' })).not.toBeInTheDocument();
    expect((await call('GET', '/sdk-keys', { token })).status).toBe(403);
  });

  test('loading, then the error when the keys cannot load', async () => {
    server.use(
      http.get('/api/sdk-keys', async () => {
        await delay(200);
        return HttpResponse.json({ code: 'internal', message: 'Down.' }, { status: 500 });
      }),
    );
    await openAs('SA');
    expect(await screen.findByLabelText('Loading SDK keys')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('SDK keys could not be loaded');
  });
});
