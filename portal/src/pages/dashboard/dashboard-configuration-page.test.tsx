import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test, vi } from 'vitest';
import { panelsAllowed } from '@/domain/dashboard-panels';
import { defaultPermissionsFor } from '@/domain/permissions';
import { call } from '@/mocks/test/api-test-client';
import { forgetWorldDb } from '@/mocks/world/world-instance';
import { isLayoutMoving } from '@/shared/lib/layout-motion';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 60_000 });
beforeAll(preloadPages, 60_000);

test('the catalogue offers exactly the panels the role may see', async () => {
  const { store } = await signInWithDemoWorld('OEMA');
  renderApp('/dashboard-configuration', { store });
  await screen.findAllByRole('button', { name: /^Add panel / });
  const offered = screen.getAllByRole('button', { name: /^Add panel / }).map((b) => b.getAttribute('aria-label'));
  expect(offered).toEqual(panelsAllowed(defaultPermissionsFor('OEMA')).map((p) => `Add panel ${p.title}`));
});

test('adds a dashboard, adds a panel, saves; the layout survives a reload; rename and delete (after confirming)', async () => {
  const { store, token } = await signInWithDemoWorld('OEMA');
  renderApp('/dashboard-configuration', { store });
  await userEvent.click(await screen.findByRole('button', { name: 'Add dashboard' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a dashboard' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Battery room');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await screen.findByText('This dashboard has no panels yet: add some from the catalogue.');
  await userEvent.click(screen.getByRole('button', { name: 'Add panel Battery health' }));
  expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Save layout' }));
  await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());

  forgetWorldDb();
  const saved = await call('GET', '/dashboards', { token });
  expect(saved.body).toEqual([
    expect.objectContaining({
      name: 'Battery room',
      panels: [expect.objectContaining({ panel: 'battery-health', x: 0, y: 0 })],
    }),
  ]);

  await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
  const rename = await screen.findByRole('dialog', { name: 'Rename the dashboard' });
  const input = within(rename).getByRole('textbox', { name: 'Name' });
  await userEvent.clear(input);
  await userEvent.type(input, 'Batteries');
  await userEvent.click(within(rename).getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('button', { name: /Batteries/ })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete the dashboard?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  expect((await call('GET', '/dashboards', { token })).body[0].name).toBe('Batteries');
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: 'Delete the dashboard?' })).getByRole('button', {
      name: 'Delete',
    }),
  );
  await waitFor(async () => expect((await call('GET', '/dashboards', { token })).body[0].builtIn).toBe(true));
});

test('saving the default adds a dashboard of its own; reset brings the default back', async () => {
  const { store, token } = await signInWithDemoWorld('SA');
  renderApp('/dashboard-configuration', { store });
  await screen.findByText('Default');
  await userEvent.click(await screen.findByRole('button', { name: 'Remove CO2 avoided' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save layout' }));
  await waitFor(async () => {
    const list = (await call('GET', '/dashboards', { token })).body;
    expect(list[0].builtIn).toBe(false);
    expect(list[0].panels.map((p: { panel: string }) => p.panel)).not.toContain('co2');
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Reset to default' }));
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: 'Reset to default?' })).getByRole('button', { name: 'Reset' }),
  );
  await waitFor(async () => expect((await call('GET', '/dashboards', { token })).body[0].builtIn).toBe(true));
});

test('the keyboard moves and resizes a panel from its handle', async () => {
  const { store } = await signInWithDemoWorld('OEMA');
  renderApp('/dashboard-configuration', { store });
  const handle = await screen.findByRole('button', {
    name: /^Move or resize Fault Summary: column 1, row 3, 4 wide, 4 high/,
  });
  handle.focus();
  await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
  expect(
    await screen.findByRole('button', { name: /^Move or resize Fault Summary: column 1, row 3, 5 wide/ }),
  ).toBeInTheDocument();
  expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
});

test('pressing a title bar holds the panel contents and the grid height until the pointer goes up; the panel buttons do not', async () => {
  const { store } = await signInWithDemoWorld('OEMA');
  renderApp('/dashboard-configuration', { store });
  const section = await screen.findByRole('region', { name: 'Fault Summary' });
  const title = within(section).getByRole('heading', { name: 'Fault Summary' });
  const grid = screen.getByTestId('dashboard-editor-grid');
  fireEvent.pointerDown(title);
  expect(isLayoutMoving()).toBe(true);
  // The grid's height is held while the pointer is down (room for the tallest panel below the layout).
  expect(grid.style.minHeight).toMatch(/^\d+px$/);
  expect(Number.parseInt(grid.style.minHeight, 10)).toBeGreaterThan(grid.offsetHeight);
  fireEvent.pointerUp(window);
  expect(isLayoutMoving()).toBe(false);
  expect(grid.style.minHeight).toBe('');
  fireEvent.pointerDown(within(section).getByRole('button', { name: 'Remove Fault Summary' }));
  expect(isLayoutMoving()).toBe(false);
});
