import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { call } from '@/mocks/test/api-test-client';
import { createTestStore, preloadPages, renderApp } from '@/test/render';
import { signInWithApi } from '@/test/api-sign-in';

beforeAll(preloadPages, 60_000);

async function openAs(role: 'SA' | 'OEMA' | 'BMSA', path: string) {
  const store = createTestStore();
  const token = await signInWithApi(store, role);
  return { ...renderApp(path, { store }), token, store };
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('a new model', () => {
  test('shows the six steps and field errors on Information, then creates a draft and moves to Master Data', async () => {
    const { router, token } = await openAs('SA', '/models/configuration?kind=BMS');
    expect(await screen.findByText('Step 1: Information')).toBeInTheDocument();
    for (const label of ['1 Information', '2 Master Data', '3 Commands', '4 Faults', '5 Configurations', '6 Telemetry'])
      expect(screen.getByText(label)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(screen.getByText('Enter a code')).toBeInTheDocument();
    expect(screen.getByText('Choose the OEM')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?kind=BMS');

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'PackGuard Max');
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'BMS-PGM-1');
    await choose('OEM', 'Ampere Motors');
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(await screen.findByText('Step 2: Master Data')).toBeInTheDocument();
    const { model, step } = params(router.state.location.search);
    expect(step).toBe('2');
    const saved = await call('GET', `/models/${model}`, { token });
    expect(saved.body).toMatchObject({ name: 'PackGuard Max', kind: 'BMS', status: 0, configurationStep: 2 });
  }, 40_000);

  test('an EV needs a vehicle type', async () => {
    await openAs('SA', '/models/configuration?kind=EV');
    await screen.findByText('Step 1: Information');
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(await screen.findByText('Choose 2 Wheeler or 3 Wheeler')).toBeInTheDocument();
  });

  test('shows the clash of a code already in use under the code field', async () => {
    await openAs('OEMA', '/models/configuration?kind=VCU');
    await screen.findByText('Step 1: Information');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Brain 2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'VCU-01-1');
    // An OEM admin's only OEM is picked for them.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'OEM' })).toHaveValue('Ampere Motors'));
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(await screen.findByText('Already in use.')).toBeInTheDocument();
  });
});

describe('permissions', () => {
  test('a BMS admin may add only BMS models, so the kind is chosen for them', async () => {
    await openAs('BMSA', '/models/configuration');
    const kind = await screen.findByRole('textbox', { name: 'Kind' });
    expect(kind).toHaveValue('BMS (battery management)');
    await userEvent.click(kind);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['BMS (battery management)']);
  });
});

describe('master data', () => {
  test('a BMS model asks for its battery data and at least one BMS state', async () => {
    const store = createTestStore();
    const token = await signInWithApi(store, 'SA');
    const created = await call('POST', '/models', {
      token,
      body: { kind: 'BMS', name: 'Cell X', code: 'BMS-CX-1', oemId: 'oem-01' },
    });
    await call('PATCH', `/models/${created.body.id}`, { token, body: { configurationStep: 2 } });
    renderApp(`/models/configuration?model=${created.body.id}&step=2`, { store });
    expect(await screen.findByRole('tab', { name: 'BMS State' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(await screen.findByText('Enter the chemistry')).toBeInTheDocument();
    expect(screen.getByText('Enter the number of cells')).toBeInTheDocument();
    expect(screen.getByText('Add at least one state')).toBeInTheDocument();
  });

  test('an MCU model asks for its motor instead', async () => {
    await openAs('SA', '/models/configuration?model=mdl-mcu-001&step=2');
    expect(await screen.findByRole('tab', { name: 'MCU State' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Motor type' })).toHaveValue('BLDC'));
    expect(screen.queryByRole('textbox', { name: 'Chemistry' })).not.toBeInTheDocument();
  });
});

describe('drafts', () => {
  test('saves a draft at its step and resumes it there from the list of drafts', async () => {
    const { router } = await openAs('SA', '/models/configuration?kind=VCU');
    await screen.findByText('Step 1: Information');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Hub Draft');
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'VCU-HD-1');
    await choose('OEM', 'Kinetic Green');
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    await screen.findByText('Step 2: Master Data');
    await userEvent.click(screen.getByRole('button', { name: 'Use the standard states' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    await screen.findByText('Step 3: Commands');
    await userEvent.click(screen.getByRole('button', { name: 'Add command' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Command code 1' }), 'HORN');
    await userEvent.type(screen.getByRole('textbox', { name: 'Command name 1' }), 'Sound the horn');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();

    await router.navigate('/models/configuration');
    const drafts = await screen.findByRole('table', { name: 'Drafts to resume' });
    const rowOf = () => within(drafts).getByText('Hub Draft').closest('tr') as HTMLElement;
    await waitFor(() => expect(within(rowOf()).getByText('3 Commands')).toBeInTheDocument());
    const row = rowOf();
    expect(within(row).getByText('Last saved')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('link', { name: 'Resume Hub Draft' }));
    expect(await screen.findByText('Step 3: Commands')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Command code 1' })).toHaveValue('HORN');
  }, 40_000);

  test('a draft opens no further than the step it reached', async () => {
    const { router } = await openAs('SA', '/models/configuration?model=mdl-ev-1000&step=6');
    expect(await screen.findByText('Step 3: Commands')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(params(router.state.location.search).step).toBe('2'));
    expect(await screen.findByRole('tab', { name: 'Vehicle State' })).toBeInTheDocument();
  });
});

describe('telemetry template', () => {
  test('marks a repeated key and a range whose maximum is not above its minimum', async () => {
    await openAs('SA', '/models/configuration?model=mdl-ev-001&step=6');
    await screen.findByRole('table', { name: 'Telemetry template' });
    await userEvent.click(screen.getByRole('button', { name: 'Add key' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Key 6' }), 'speed');
    await userEvent.type(screen.getByRole('textbox', { name: 'Label 6' }), 'Speed again');
    const max = screen.getByRole('textbox', { name: 'Max 6' });
    await userEvent.clear(max);
    await userEvent.type(max, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save and finish' }));
    expect(await screen.findByText('This key is already in the list')).toBeInTheDocument();
    expect(screen.getByText('The maximum must be above the minimum')).toBeInTheDocument();
    expect(screen.getByText('Enter a unit')).toBeInTheDocument();
  });

  test('reorders and edits keys, then finishing shows the updated model', async () => {
    const { router, token } = await openAs('SA', '/models/configuration?model=mdl-vcu-001&step=6');
    await screen.findByRole('table', { name: 'Telemetry template' });
    expect(screen.getByRole('textbox', { name: 'Key 2' })).toHaveValue('gear');
    await userEvent.click(screen.getByRole('button', { name: 'Move key 2 up' }));
    expect(screen.getByRole('textbox', { name: 'Key 1' })).toHaveValue('gear');
    await userEvent.click(screen.getByRole('button', { name: 'Remove key 4' }));
    await choose('Source 1', 'AI');
    await userEvent.click(screen.getByRole('button', { name: 'Save and finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/model-management/vcu'));
    expect(params(router.state.location.search).model).toBe('mdl-vcu-001');
    const saved = await call('GET', '/models/mdl-vcu-001', { token });
    expect(saved.body.telemetryTemplate.map((k: { key: string }) => k.key)).toEqual([
      'gear',
      'driveMode',
      'auxVoltage',
    ]);
    expect(saved.body.telemetryTemplate[0].source).toBe(4);
    expect(saved.body.status).toBe(1);
  });
});

describe('editing', () => {
  test('the steps of a published model can be opened in any order from the stepper', async () => {
    const { router } = await openAs('SA', '/models/configuration?model=mdl-mcu-002&step=1');
    await screen.findByText('Step 1: Information');
    await userEvent.click(screen.getByRole('button', { name: /5 Configurations$/ }));
    expect(await screen.findByText('Step 5: Configurations', { selector: 'h2' })).toBeInTheDocument();
    expect(params(router.state.location.search).step).toBe('5');
    expect(screen.getByRole('textbox', { name: 'Trip mode' })).toHaveValue('Disable');
  });

  test('Edit on a model opens its Information step filled in, and Next saves the new name', async () => {
    const { router, token } = await openAs('SA', '/model-management/ev?model=mdl-ev-002');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('textbox', { name: 'Kind' })).toBeDisabled();
    await userEvent.clear(name);
    await userEvent.type(name, 'Glide Plus');
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    await waitFor(() => expect(params(router.state.location.search).step).toBe('2'));
    const saved = await call('GET', '/models/mdl-ev-002', { token });
    expect(saved.body).toMatchObject({ name: 'Glide Plus', status: 1, configurationStep: 6 });
  });

  test('publishing a draft walks its remaining steps and ends on the model', async () => {
    const { router } = await openAs('SA', '/models/configuration?model=mdl-ev-1000&step=3');
    await screen.findByText('Step 3: Commands');
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    await screen.findByText('Step 4: Faults');
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    await screen.findByText('Step 5: Configurations');
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    await screen.findByText('Step 6: Telemetry');
    await userEvent.click(screen.getByRole('button', { name: 'Finish and publish' }));
    expect(await screen.findByText('Add at least one telemetry key')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add key' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Key 1' }), 'speed');
    await userEvent.type(screen.getByRole('textbox', { name: 'Label 1' }), 'Speed');
    await userEvent.type(screen.getByRole('textbox', { name: 'Unit 1' }), 'km/h');
    await userEvent.click(screen.getByRole('button', { name: 'Finish and publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/model-management/ev'));
    expect(await screen.findByText('Prototype (draft) is published')).toBeInTheDocument();
    expect((await screen.findAllByText('Published')).length).toBeGreaterThan(0);
  }, 40_000);
});
