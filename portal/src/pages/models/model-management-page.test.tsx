import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { call } from '@/mocks/test/api-test-client';
import { createTestStore, preloadPages, renderApp } from '@/test/render';
import { signInWithApi } from '@/test/api-sign-in';

beforeAll(preloadPages, 60_000);

async function openAs(role: 'SA' | 'OEMA' | 'OEME' | 'BMSA' | 'BMSE', path: string) {
  const store = createTestStore();
  const token = await signInWithApi(store, role);
  return { ...renderApp(path, { store }), token };
}

const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('model list', () => {
  test('lists the models of the page kind with their battery data and a total', async () => {
    await openAs('SA', '/model-management/bms');
    const table = await screen.findByRole('table', { name: 'BMS models' });
    expect(rowNames(table)).toHaveLength(6);
    expect(screen.getByText('6 models')).toBeInTheDocument();
    expect(within(table).getAllByText(/cells ·/)).toHaveLength(6);
  });

  test('searches by name and shows only matching models', async () => {
    await openAs('SA', '/model-management/bms');
    await screen.findByRole('table', { name: 'BMS models' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search models' }), 'CellSense');
    await waitFor(() => {
      const names = rowNames(screen.getByRole('table', { name: 'BMS models' }));
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toMatch(/CellSense/);
    });
  });

  test('filters the drafts', async () => {
    await openAs('SA', '/model-management/ev');
    await screen.findByRole('table', { name: 'EV models' });
    await userEvent.click(screen.getByRole('radio', { name: 'Drafts' }));
    await waitFor(() =>
      expect(rowNames(screen.getByRole('table', { name: 'EV models' }))).toEqual(['Prototype (draft)']),
    );
    expect(screen.getByText('Draft · step 3')).toBeInTheDocument();
  });

  test('sorts by name descending on a second click of the header', async () => {
    await openAs('SA', '/model-management/mcu');
    const table = await screen.findByRole('table', { name: 'MCU models' });
    const before = rowNames(table);
    await userEvent.click(within(table).getByRole('button', { name: /Name/ }));
    await waitFor(() =>
      expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending'),
    );
    await waitFor(() => expect(rowNames(table)[0]).not.toBe(before[0]));
    const after = rowNames(table) as string[];
    expect(after).toEqual([...after].sort((a, b) => b.localeCompare(a, 'en', { numeric: true })));
  });

  test('pages through more models than fit on a page', async () => {
    const store = createTestStore();
    const token = await signInWithApi(store, 'SA');
    for (let i = 1; i <= 5; i += 1)
      await call('POST', '/models', {
        token,
        body: { kind: 'VCU', name: `Zeta ${i}`, code: `VCU-Z-${i}`, oemId: 'oem-01' },
      });
    renderApp('/model-management/vcu', { store });
    const table = await screen.findByRole('table', { name: 'VCU models' });
    expect(rowNames(table)).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rowNames(table)).toEqual(['Zeta 5']));
    expect(screen.getByText('11 models')).toBeInTheDocument();
  });
});

describe('row actions', () => {
  test('the row menu resumes a draft at the step it was saved at', async () => {
    const { router } = await openAs('SA', '/model-management/ev');
    const table = await screen.findByRole('table', { name: 'EV models' });
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Prototype (draft)' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Resume configuration', 'Clone', 'Delete']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Resume configuration' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/models/configuration'));
    expect(router.state.location.search).toBe('?model=mdl-ev-1000&step=3');
    expect(await screen.findByText('Step 3: Commands')).toBeInTheDocument();
  });
});

describe('a model', () => {
  test('opens with the six model tabs and shows its telemetry template', async () => {
    await openAs('SA', '/model-management/bms?model=mdl-bms-001&tab=telemetry');
    const tabs = await screen.findByRole('tablist', { name: 'Model' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Information', 'Master Data', 'Telemetry', 'Configuration', 'Commands', 'Faults']);
    const template = await screen.findByRole('table', { name: 'Telemetry template' });
    expect(within(template).getByText('packVoltage')).toBeInTheDocument();
    expect(within(template).getByText('AI')).toBeInTheDocument();
  });

  test('shows the master data of a BMS model in its BMS State sub-tab', async () => {
    await openAs('SA', '/model-management/bms?model=mdl-bms-001&tab=master-data');
    const sub = await screen.findByRole('tablist', { name: 'Master data' });
    expect(
      within(sub)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['BMS State']);
    expect(screen.getByText('Chemistry')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'BMS State' })).getByText('LimpHome')).toBeInTheDocument();
  });

  test('clones a model and opens the copy as a draft', async () => {
    const { router } = await openAs('SA', '/model-management/mcu?model=mdl-mcu-001');
    await userEvent.click(await screen.findByRole('button', { name: 'Clone' }));
    const dialog = await screen.findByRole('dialog', { name: /Clone/ });
    const code = within(dialog).getByRole('textbox', { name: 'Code of the copy' });
    await userEvent.clear(code);
    await userEvent.type(code, 'MCU-01-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clone' }));
    expect(await within(dialog).findByText('Already in use.')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, 'MCU-CLONE-9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('mdl-mcu-001'));
    expect((await screen.findAllByText('MCU-CLONE-9')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Draft · step 6').length).toBeGreaterThan(0);
  });

  test('deletes an unused model after confirmation and returns to the list', async () => {
    const store = createTestStore();
    const token = await signInWithApi(store, 'SA');
    const created = await call('POST', '/models', {
      token,
      body: { kind: 'VCU', name: 'Throwaway VCU', code: 'VCU-TMP-1', oemId: 'oem-01' },
    });
    const { router } = renderApp(`/model-management/vcu?model=${created.body.id}`, { store });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete model' });
    expect(within(dialog).getByText(/This cannot be undone/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete model' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('table', { name: 'VCU models' })).toBeInTheDocument();
    expect((await call('GET', `/models/${created.body.id}`, { token })).status).toBe(404);
  });

  test('keeps a model in use and says why', async () => {
    await openAs('SA', '/model-management/ev?model=mdl-ev-001');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete model' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete model' }));
    expect(await within(dialog).findByText('This model is in use and cannot be deleted.')).toBeInTheDocument();
  });

  test('cancelling the confirmation keeps the model', async () => {
    await openAs('SA', '/model-management/ev?model=mdl-ev-002');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tablist', { name: 'Model' })).toBeInTheDocument();
  });
});

describe('actions by permission', () => {
  test('an OEM employee may edit but sees no clone or delete', async () => {
    await openAs('OEME', '/model-management/ev?model=mdl-ev-001');
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  test('a BMS employee reads models but cannot add or change them', async () => {
    await openAs('BMSE', '/model-management/bms');
    const table = await screen.findByRole('table', { name: 'BMS models' });
    expect(screen.queryByRole('link', { name: 'Add model' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  test('an OEM admin sees only the models of their OEM and can add one', async () => {
    await openAs('OEMA', '/model-management/ev');
    const table = await screen.findByRole('table', { name: 'EV models' });
    expect(rowNames(table)).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Add model' })).toHaveAttribute('href', '/models/configuration?kind=EV');
  });
});
