import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string) {
  const { store } = await signInWithDemoWorld(role);
  return renderApp(path, { store });
}

describe('feedback report', () => {
  test('shows the description, reporter, snapshot, logs as tables, custom data and metadata', async () => {
    await openAs('SA', '/feedback/rpt-demo-001');
    const report = await screen.findByRole('table', { name: 'Report' });
    expect(report).toHaveTextContent('The vehicle list stays on "Loading…" after I filter by Charging');
    expect(report).toHaveTextContent('HIGH');
    expect(report).toHaveTextContent('Voltline portal');
    expect(screen.getByRole('table', { name: 'Reporter' })).toHaveTextContent('fa@voltline.demo');

    const frame = screen.getByTitle('Page snapshot');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Voltline · Vehicle Management');

    const consoleRows = within(screen.getByRole('table', { name: 'Console log' }))
      .getAllByRole('row')
      .slice(1);
    expect(consoleRows).toHaveLength(3);
    expect(consoleRows[2]).toHaveTextContent('ERROR');
    expect(consoleRows[2]).toHaveTextContent('TypeError: Cannot read properties of undefined');
    const networkRows = within(screen.getByRole('table', { name: 'Network log' }))
      .getAllByRole('row')
      .slice(1);
    expect(networkRows).toHaveLength(2);
    expect(networkRows[1]).toHaveTextContent('504');
    expect(networkRows[1]).toHaveTextContent('4210 ms');

    expect(screen.getByRole('table', { name: 'Custom data' })).toHaveTextContent('Fleet Pro');
    expect(screen.getByRole('table', { name: 'Metadata' })).toHaveTextContent('14.2.11');
    expect(screen.getByRole('table', { name: 'Custom events' })).toHaveTextContent('filterApplied');
  });

  test('says plainly that replay playback is not built, and what was recorded', async () => {
    await openAs('SA', '/feedback/rpt-demo-001');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Replay playback is not built yet');
    expect(note).toHaveTextContent('42 recorded events');
  });

  test('a report without a screenshot, description or custom data says so', async () => {
    await openAs('SA', '/feedback/rpt-demo-003');
    expect(await screen.findByText('No screenshot was sent with this report.')).toBeInTheDocument();
    expect(screen.getByText('Sent by the page without the visitor (no description).')).toBeInTheDocument();
    expect(screen.getByText('No custom data was sent.')).toBeInTheDocument();
  });

  test("another organisation's report is not found", async () => {
    await openAs('OEMA', '/feedback/rpt-demo-001');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report could not be loaded');
    expect(alert).toHaveTextContent(/not found/i);
  });
});
