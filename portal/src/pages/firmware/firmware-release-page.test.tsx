import { createHash } from 'node:crypto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { call } from '@/mocks/test/api-test-client';
import { getWorldDb } from '@/mocks/world/world-instance';
import type { LiveSink } from '@/shared/lib/live/live-batcher';
import type { LiveController } from '@/shared/lib/live/live-controller';
import { createLiveFleet } from '@/shared/lib/live/live-fleet';
import type { RolloutProgress } from '@/domain/live-payloads';
import { topics } from '@/shared/lib/live/topics';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 60_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path = '/firmware-release') {
  const { store } = await signInWithDemoWorld(role);
  return renderApp(path, { store });
}

const rows = async (name: string) =>
  within(await screen.findByRole('table', { name }))
    .getAllByRole('row')
    .slice(1);

/** The first BMS model whose newest release is 4.0.0 (seeded for every model). */
async function firstBmsModel() {
  const db = await getWorldDb();
  const release = db.tables.firmwareReleases.all().find((r) => r.deviceType === 'BMS' && r.version === '4.0.0');
  const model = release?.modelId ? db.tables.models.get(release.modelId) : undefined;
  if (!model) throw new Error('no seeded BMS release');
  return model;
}

describe('firmware releases', () => {
  test('lists the releases with version, kind, file, checksum and what they replace', async () => {
    await openAs('SA');
    await waitFor(async () => expect(await rows('Firmware releases')).toHaveLength(25));
    const first = (await rows('Firmware releases'))[0] as HTMLElement;
    expect(within(first).getByText(/\.bin · /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload release' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start rollout' })).toBeInTheDocument();
  });

  test('upload: a wrong file is refused at once; a version not newer gets the server field error and keeps the form; then it uploads', async () => {
    const model = await firstBmsModel();
    await openAs('SA');
    await userEvent.click(await screen.findByRole('button', { name: 'Upload release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload firmware release' });
    const fileInput = within(dialog).getByLabelText(/Firmware image/) as HTMLInputElement;
    await userEvent.upload(fileInput, new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(await within(dialog).findByText('Use a firmware image: .bin, .hex, .img, .fw, .swu.')).toBeInTheDocument();

    const bytes = 'firmware image bytes';
    await userEvent.upload(fileInput, new File([bytes], 'bms-9.bin'));
    const expected = createHash('sha256').update(bytes).digest('hex');
    expect(await within(dialog).findByTestId('release-sha256')).toHaveTextContent(expected);

    await waitFor(() => expect(within(dialog).getByRole('option', { name: model.name })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Model/), model.id);
    await userEvent.type(within(dialog).getByLabelText(/^Version/), '4.0.0');
    await userEvent.type(within(dialog).getByLabelText('Release notes'), 'Faster boot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload release' }));
    expect(await within(dialog).findByText('Must be newer than 4.0.0, the release it replaces.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Release notes')).toHaveValue('Faster boot');

    await userEvent.clear(within(dialog).getByLabelText(/^Version/));
    await userEvent.type(within(dialog).getByLabelText(/^Version/), '4.1.0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload release' }));
    expect(await screen.findByText('Uploaded BMS firmware 4.1.0')).toBeInTheDocument();
    const db = await getWorldDb();
    expect(db.tables.firmwareReleases.all().find((r) => r.version === '4.1.0')).toMatchObject({
      sha256: expected,
      replacesVersion: '4.0.0',
      fileName: 'bms-9.bin',
    });
  });

  test('start a rollout from a filter: the detail opens with its waves; cancel asks first', async () => {
    await openAs('SA');
    await userEvent.click(await screen.findByRole('button', { name: 'Start rollout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a rollout' });
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(2));
    const release = within(dialog)
      .getAllByRole('option')
      .find((o) => /BMS .*4\.0\.0/.test(o.textContent ?? ''));
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Release/), release as HTMLOptionElement);
    const threshold = within(dialog).getByLabelText('Pause when failures above (%)');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start rollout' }));
    expect(await within(dialog).findByText('The failure threshold must be from 1 to 100.')).toBeInTheDocument();
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start rollout' }));
    const drawer = await screen.findByRole('dialog', { name: 'Rollout' }, { timeout: 15_000 });
    expect(await within(drawer).findByTestId('rollout-wave-1', {}, { timeout: 15_000 })).toHaveTextContent(
      /Wave 1 \(canary\)/,
    );
    expect(within(drawer).getByLabelText('Rollout running')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancel rollout' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this rollout?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel rollout' }));
    expect(await within(drawer).findByLabelText('Rollout cancelled')).toBeInTheDocument();
  });

  test('an OEM employee uploads but neither starts nor controls rollouts', async () => {
    await openAs('OEME');
    await waitFor(async () => expect((await rows('Firmware releases')).length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Upload release' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start rollout' })).not.toBeInTheDocument();
  });

  test('a service centre admin has no access', async () => {
    await openAs('DA');
    expect(await screen.findByText('You do not have access to this page')).toBeInTheDocument();
  });
});

/** A live controller double: records what each owner subscribes to and hands the page the events a test delivers. */
function fakeLive() {
  const interest = new Map<string, readonly string[]>();
  const listeners = new Set<LiveSink>();
  const controller = {
    setInterest: (owner: string, list: readonly string[]) => void interest.set(owner, list),
    clearInterest: (owner: string) => void interest.delete(owner),
    subscribeBatches: (listener: LiveSink) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as LiveController;
  const deliver = (data: RolloutProgress) =>
    act(() => {
      for (const listener of listeners)
        listener({
          vehicles: [],
          devices: [],
          events: [{ kind: 'rollout-progress', data }],
          coalesced: 0,
          overflowed: 0,
          flushedAt: 0,
        });
    });
  return { live: { controller, fleet: createLiveFleet() }, interest, deliver };
}

test("the rollout detail hears its rollout's progress summary, not every device's OTA progress, and refreshes on it", async () => {
  const { store, token } = await signInWithDemoWorld('SA');
  const releases = await call('GET', '/firmware-releases?filter[deviceType]=BMS&sort=createdAt:desc&pageSize=1', {
    token,
  });
  const created = await call('POST', '/firmware-rollouts', {
    token,
    body: {
      releaseId: releases.body.items[0].id,
      target: { kind: 'filter', filter: {} },
      policy: {
        canaryPercent: 0,
        waveSize: 5,
        pauseBetweenWavesSec: 5,
        failureThresholdPercent: 30,
        minFinishedCount: 2,
        timeoutSec: 60,
        maxRetries: 0,
        preconditions: {},
      },
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const { live, interest, deliver } = fakeLive();
  renderApp(`/firmware-release?tab=rollouts&rollout=${id}`, { store, live });
  const drawer = await screen.findByRole('dialog', { name: 'Rollout' }, { timeout: 15_000 });
  expect(await within(drawer).findByLabelText('Rollout running', {}, { timeout: 15_000 })).toBeInTheDocument();
  await waitFor(() => expect(interest.get(`firmware-rollout-${id}`)).toEqual([topics.rolloutProgress(id)]));
  expect([...interest.values()].flat().filter((t) => t.endsWith('/ota'))).toEqual([]);

  // The rollout changes on the server; its summary tells the open detail, which reads it again.
  expect((await call('POST', `/firmware-rollouts/${id}/pause`, { token })).body.status).toBe('paused');
  deliver({
    v: 1,
    rolloutId: id,
    releaseId: created.body.releaseId,
    status: 'paused',
    currentWave: 0,
    total: created.body.deviceCount,
    pending: created.body.deviceCount,
    waiting: 0,
    inProgress: 0,
    completed: 0,
    failed: 0,
    skipped: 0,
    ts: Date.now(),
  });
  expect(await within(drawer).findByLabelText('Rollout paused', {}, { timeout: 4_000 })).toBeInTheDocument();
  // A paused rollout is still open: it keeps its subscription.
  expect(interest.get(`firmware-rollout-${id}`)).toEqual([topics.rolloutProgress(id)]);
  await call('POST', `/firmware-rollouts/${id}/cancel`, { token });
});
