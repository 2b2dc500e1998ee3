import {
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Controller, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { useModelOptions } from '@/shared/api/lookups';
import { applyServerFieldErrors } from '@/shared/ui/data-table/server-field-errors';
import { DeviceGroupPicker } from '@/shared/ui/device-group-picker';
import { FormModal, ModalForm } from '@/shared/ui/form-modal/form-modal';
import { useServerForm } from '@/shared/ui/form-modal/use-server-form';
import { type FirmwareRolloutInput, useReleaseOptions } from '../api/firmware-api';
import { DEVICE_TYPE_LABELS, SEMVER } from '../lib/release-fields';

const int = (label: string, min: number, max: number) =>
  z
    .number({ message: `Enter ${label}.` })
    .int(`${label[0]?.toUpperCase()}${label.slice(1)} must be a whole number.`)
    .min(min, `${label[0]?.toUpperCase()}${label.slice(1)} must be from ${min} to ${max}.`)
    .max(max, `${label[0]?.toUpperCase()}${label.slice(1)} must be from ${min} to ${max}.`);
const optionalVersion = z
  .string()
  .trim()
  .refine((v) => v === '' || SEMVER.test(v), 'Use a semantic version such as 3.0.0.');

const schema = z
  .object({
    releaseId: z.string().min(1, 'Choose a release to roll out.'),
    targetKind: z.enum(['group', 'model', 'filter']),
    groupId: z.string().nullable(),
    modelId: z.string(),
    versionMin: optionalVersion,
    versionMax: optionalVersion,
    serial: z.string().max(60),
    policy: z.object({
      canaryPercent: int('the canary share', 0, 50),
      waveSize: int('the wave size', 1, 10000),
      pauseBetweenWavesSec: int('the pause', 0, 86400),
      failureThresholdPercent: int('the failure threshold', 1, 100),
      minFinishedCount: int('the minimum count', 1, 10000),
      timeoutSec: int('the time-out', 30, 86400),
      maxRetries: int('the retries', 0, 5),
      preconditions: z.object({
        minSoc: int('the minimum state of charge', 0, 100),
        parked: z.boolean(),
        notCharging: z.boolean(),
        ignitionOff: z.boolean(),
        connected: z.boolean(),
      }),
    }),
  })
  .superRefine((v, ctx) => {
    if (v.targetKind === 'group' && !v.groupId)
      ctx.addIssue({ code: 'custom', path: ['groupId'], message: 'Choose a device group.' });
    if (v.targetKind === 'model' && !v.modelId)
      ctx.addIssue({ code: 'custom', path: ['modelId'], message: 'Choose a vehicle model.' });
    if (v.policy.minFinishedCount > v.policy.waveSize)
      ctx.addIssue({
        code: 'custom',
        path: ['policy', 'minFinishedCount'],
        message: 'Must not be more than the wave size, or a wave could never pause.',
      });
  });
type Values = z.infer<typeof schema>;

const SERVER_FIELDS = [
  'releaseId',
  'policy.canaryPercent',
  'policy.waveSize',
  'policy.pauseBetweenWavesSec',
  'policy.failureThresholdPercent',
  'policy.minFinishedCount',
  'policy.timeoutSec',
  'policy.maxRetries',
  'policy.preconditions.minSoc',
] as const;
const SERVER_TARGET_FIELDS: Record<string, keyof Values> = {
  target: 'targetKind',
  'target.groupId': 'groupId',
  'target.modelId': 'modelId',
  'target.filter.versionMin': 'versionMin',
  'target.filter.versionMax': 'versionMax',
};

export const DEFAULT_POLICY: Values['policy'] = {
  canaryPercent: 10,
  waveSize: 10,
  pauseBetweenWavesSec: 20,
  failureThresholdPercent: 20,
  minFinishedCount: 3,
  timeoutSec: 120,
  maxRetries: 1,
  preconditions: { minSoc: 30, parked: true, notCharging: true, ignitionOff: true, connected: true },
};

export interface RolloutFormModalProps {
  opened: boolean;
  releaseId?: string;
  onClose: () => void;
  onSubmit: (body: FirmwareRolloutInput) => Promise<unknown>;
}

/** Start a staged rollout: release, target (group, model or filter), waves, thresholds and preconditions. */
export function RolloutFormModal({ opened, releaseId, onClose, onSubmit }: RolloutFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Start a rollout" size="xl">
      <RolloutForm releaseId={releaseId} onClose={onClose} onSubmit={onSubmit} />
    </FormModal>
  );
}

/** The server's field errors on the form: the policy's by their path, the target's on the field that sets it. */
function placeRolloutError(error: unknown, setError: UseFormSetError<Values>): string | null {
  const rest = applyServerFieldErrors(error, SERVER_FIELDS, setError);
  let unplaced = rest;
  const fieldErrors = (error as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
  for (const [key, field] of Object.entries(SERVER_TARGET_FIELDS)) {
    const message = fieldErrors[key];
    if (message) {
      setError(field, { type: 'server', message });
      if (
        Object.keys(fieldErrors).every(
          (k) => k in SERVER_TARGET_FIELDS || (SERVER_FIELDS as readonly string[]).includes(k),
        )
      )
        unplaced = null;
    }
  }
  return unplaced;
}

function RolloutForm({ releaseId, onClose, onSubmit }: Omit<RolloutFormModalProps, 'opened'>) {
  const releases = useReleaseOptions('');
  const models = useModelOptions('EV');
  const server = useServerForm({
    schema,
    defaultValues: {
      releaseId: releaseId ?? '',
      targetKind: 'filter',
      groupId: null,
      modelId: '',
      versionMin: '',
      versionMax: '',
      serial: '',
      policy: DEFAULT_POLICY,
    },
    onSubmit: async (v) => {
      const target: FirmwareRolloutInput['target'] =
        v.targetKind === 'group'
          ? { kind: 'group', groupId: v.groupId ?? '' }
          : v.targetKind === 'model'
            ? { kind: 'model', modelId: v.modelId }
            : {
                kind: 'filter',
                filter: {
                  versionMin: v.versionMin || null,
                  versionMax: v.versionMax || null,
                  q: v.serial.trim() || null,
                },
              };
      await onSubmit({ releaseId: v.releaseId, target, policy: v.policy });
    },
    placeError: placeRolloutError,
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = server.form;
  const targetKind = watch('targetKind');
  const num = { valueAsNumber: true } as const;
  const p = errors.policy;

  const releaseData = (releases.data?.items ?? []).map((r) => ({
    value: r.id,
    label: `${DEVICE_TYPE_LABELS[r.deviceType]} ${r.modelName ?? ''} ${r.version}`.replace(/\s+/g, ' '),
  }));
  return (
    <ModalForm form={server} errorTitle="The rollout was not started" submitLabel="Start rollout" onCancel={onClose}>
      <NativeSelect
        label="Release"
        withAsterisk
        {...register('releaseId')}
        error={errors.releaseId?.message ?? (releases.isError ? 'The releases could not be loaded.' : undefined)}
        data={[{ value: '', label: releases.isLoading ? 'Loading…' : 'Choose a release' }, ...releaseData]}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="rollout-target-label">
          Roll out to
        </Text>
        <Controller
          control={control}
          name="targetKind"
          render={({ field }) => (
            <SegmentedControl
              aria-labelledby="rollout-target-label"
              value={field.value}
              onChange={(v) => field.onChange(v)}
              data={[
                { value: 'filter', label: 'A filter' },
                { value: 'group', label: 'A device group' },
                { value: 'model', label: 'A vehicle model' },
              ]}
            />
          )}
        />
        {errors.targetKind?.message ? (
          <Text size="xs" c="red" role="alert">
            {errors.targetKind.message}
          </Text>
        ) : null}
      </Stack>
      {targetKind === 'group' ? (
        <Controller
          control={control}
          name="groupId"
          render={({ field }) => (
            <DeviceGroupPicker
              label="Device group"
              required
              value={field.value}
              onChange={field.onChange}
              error={errors.groupId?.message}
            />
          )}
        />
      ) : targetKind === 'model' ? (
        <NativeSelect
          label="Vehicle model"
          withAsterisk
          {...register('modelId')}
          error={errors.modelId?.message}
          data={[
            { value: '', label: models.isLoading ? 'Loading…' : 'Choose a vehicle model' },
            ...(models.data ?? []),
          ]}
        />
      ) : (
        <SimpleGrid cols={3}>
          <TextInput
            label="Running version from"
            placeholder="any"
            {...register('versionMin')}
            error={errors.versionMin?.message}
          />
          <TextInput
            label="Running version up to"
            placeholder="any"
            {...register('versionMax')}
            error={errors.versionMax?.message}
          />
          <TextInput label="Serial number contains" {...register('serial')} error={errors.serial?.message} />
        </SimpleGrid>
      )}
      <Text size="xs" c="dimmed">
        Only devices of the release's kind and model, older than it and inside its current-version range, take part.
      </Text>
      <Fieldset legend="Waves">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <TextInput
            type="number"
            label="Canary (%)"
            {...register('policy.canaryPercent', num)}
            error={p?.canaryPercent?.message}
          />
          <TextInput
            type="number"
            label="Wave size"
            {...register('policy.waveSize', num)}
            error={p?.waveSize?.message}
          />
          <TextInput
            type="number"
            label="Pause between waves (s)"
            {...register('policy.pauseBetweenWavesSec', num)}
            error={p?.pauseBetweenWavesSec?.message}
          />
          <TextInput
            type="number"
            label="Retries per device"
            {...register('policy.maxRetries', num)}
            error={p?.maxRetries?.message}
          />
          <TextInput
            type="number"
            label="Pause when failures above (%)"
            {...register('policy.failureThresholdPercent', num)}
            error={p?.failureThresholdPercent?.message}
          />
          <TextInput
            type="number"
            label="…after finished devices"
            {...register('policy.minFinishedCount', num)}
            error={p?.minFinishedCount?.message}
          />
          <TextInput
            type="number"
            label="Time-out in progress (s)"
            {...register('policy.timeoutSec', num)}
            error={p?.timeoutSec?.message}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Preconditions before each install">
        <Group gap="lg" align="flex-end">
          <TextInput
            type="number"
            label="State of charge at least (%)"
            w={200}
            {...register('policy.preconditions.minSoc', num)}
            error={p?.preconditions?.minSoc?.message}
          />
          <Checkbox label="Parked" {...register('policy.preconditions.parked')} />
          <Checkbox label="Not charging" {...register('policy.preconditions.notCharging')} />
          <Checkbox label="Ignition off" {...register('policy.preconditions.ignitionOff')} />
          <Checkbox label="Connected" {...register('policy.preconditions.connected')} />
        </Group>
      </Fieldset>
    </ModalForm>
  );
}
