import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { DeviceGroupOwnerKind } from '@/shared/api/device-groups';
import { applyServerFieldErrors } from '@/shared/ui/data-table/server-field-errors';
import { OWNER_KIND_LABELS } from '@/shared/ui/device-group-picker';
import { notify } from '@/shared/ui/notify';
import { QueryState } from '@/shared/ui/query-state';
import { useCan } from '@/state/use-can';
import {
  type ApiDeviceGroup,
  useDeviceGroup,
  useModelOptions,
  useOwnerOptions,
  useOwnerVehicles,
  useSaveDeviceGroup,
} from '../api/device-groups-api';
import { type DeviceGroupValues, deviceGroupSchema } from '../lib/device-group-form';

const KINDS = Object.keys(OWNER_KIND_LABELS) as DeviceGroupOwnerKind[];

/** Create (no id) or edit a device group. */
export function DeviceGroupEditor({ groupId }: { groupId: string | null }) {
  const group = useDeviceGroup(groupId);
  if (groupId === null) return <DeviceGroupForm group={null} />;
  return (
    <QueryState query={group} what="the device group">
      {(g) => <DeviceGroupForm group={g} />}
    </QueryState>
  );
}

function OwnerSelect({
  kind,
  value,
  label,
  onChange,
  error,
}: {
  kind: DeviceGroupOwnerKind | '';
  value: string;
  label: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const options = useOwnerOptions(kind, q);
  const data = [...(options.data ?? [])];
  if (value && label && !data.some((o) => o.value === value)) data.unshift({ value, label });
  return (
    <Select
      label="Owner"
      withAsterisk
      searchable
      disabled={kind === ''}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      placeholder={kind ? `Search ${OWNER_KIND_LABELS[kind].toLowerCase()}s` : 'Choose the owner kind first'}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'Nothing found'}
      error={error ?? (options.isError ? 'The owners could not be loaded.' : undefined)}
    />
  );
}

function VehiclePicker({
  kind,
  ownerId,
  value,
  onChange,
  error,
}: {
  kind: DeviceGroupOwnerKind | '';
  ownerId: string;
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const vehicles = useOwnerVehicles(kind, ownerId, q);
  const data = [...(vehicles.data ?? [])];
  for (const id of value) if (!data.some((o) => o.value === id)) data.push({ value: id, label: id });
  return (
    <MultiSelect
      label="Vehicles"
      withAsterisk
      searchable
      disabled={!ownerId}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value}
      onChange={onChange}
      placeholder={ownerId ? 'Search by registration number or VIN' : 'Choose the owner first'}
      nothingFoundMessage={vehicles.isFetching ? 'Searching…' : 'No vehicle of this owner matches'}
      error={error ?? (vehicles.isError ? 'The vehicles could not be loaded.' : undefined)}
      description={ownerId ? `${value.length} picked; only the owner's vehicles are offered.` : undefined}
    />
  );
}

function DeviceGroupForm({ group }: { group: ApiDeviceGroup | null }) {
  const navigate = useNavigate();
  const can = useCan();
  const save = useSaveDeviceGroup(group?.id ?? null);
  const models = useModelOptions(can('mm'));
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<DeviceGroupValues>({
    resolver: zodResolver(deviceGroupSchema),
    defaultValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      ownerKind: group?.ownerKind ?? '',
      ownerId: group?.ownerId ?? '',
      mode: group?.mode ?? 'filter',
      vehicleIds: group?.mode === 'pick' ? group.vehicleIds : [],
      modelId: group?.filter?.modelId ?? '',
      status: group?.filter?.status === 0 ? '0' : group?.filter?.status === 1 ? '1' : '',
      q: group?.filter?.q ?? '',
    },
  });
  const kind = watch('ownerKind');
  const ownerId = watch('ownerId');
  const mode = watch('mode');
  const back = () => navigate(paths.userManagement.href({ tab: 'device-group' }));

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({
        name: v.name,
        description: v.description,
        ownerKind: v.ownerKind as DeviceGroupOwnerKind,
        ownerId: v.ownerId,
        mode: v.mode,
        vehicleIds: v.mode === 'pick' ? v.vehicleIds : [],
        filter:
          v.mode === 'filter'
            ? {
                modelId: v.modelId || null,
                status: v.status === '' ? null : (Number(v.status) as 0 | 1),
                q: v.q || null,
              }
            : null,
      });
      notify.success(`Saved device group ${saved.name}`, {
        description: `${saved.vehicleIds.length} vehicle${saved.vehicleIds.length === 1 ? '' : 's'} in it now.`,
      });
      back();
    } catch (error) {
      const placed = applyServerFieldErrors(
        error,
        ['name', 'description', 'ownerKind', 'ownerId', 'mode', 'vehicleIds'],
        setError,
      );
      setFormError(placed);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={720}>
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput label="Name" withAsterisk {...register('name')} error={errors.name?.message} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          {...register('description')}
          error={errors.description?.message}
        />
        <Group grow align="flex-start">
          <NativeSelect
            label="Owner kind"
            withAsterisk
            {...register('ownerKind', {
              onChange: () => {
                setValue('ownerId', '');
                setValue('vehicleIds', []);
              },
            })}
            error={errors.ownerKind?.message}
            data={[
              { value: '', label: 'Choose who owns the group' },
              ...KINDS.map((k) => ({ value: k, label: OWNER_KIND_LABELS[k] })),
            ]}
          />
          <Controller
            control={control}
            name="ownerId"
            render={({ field }) => (
              <OwnerSelect
                key={kind}
                kind={kind}
                value={field.value}
                label={group && group.ownerId === field.value ? group.ownerName : ''}
                onChange={(v) => {
                  field.onChange(v);
                  setValue('vehicleIds', []);
                }}
                error={errors.ownerId?.message}
              />
            )}
          />
        </Group>
        <Controller
          control={control}
          name="mode"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="group-mode-label">
                Members
              </Text>
              <SegmentedControl
                aria-labelledby="group-mode-label"
                value={field.value}
                onChange={field.onChange}
                data={[
                  { value: 'filter', label: 'By filter (follows the owner’s vehicles)' },
                  { value: 'pick', label: 'Picked vehicles' },
                ]}
              />
            </Stack>
          )}
        />
        {mode === 'pick' ? (
          <Controller
            control={control}
            name="vehicleIds"
            render={({ field }) => (
              <VehiclePicker
                kind={kind}
                ownerId={ownerId}
                value={field.value}
                onChange={field.onChange}
                error={errors.vehicleIds?.message}
              />
            )}
          />
        ) : (
          <Group grow align="flex-start">
            {can('mm') ? (
              <NativeSelect
                label="Model"
                {...register('modelId')}
                data={[{ value: '', label: 'Any model' }, ...(models.data ?? [])]}
                error={models.isError ? 'The models could not be loaded.' : undefined}
              />
            ) : null}
            <NativeSelect
              label="Status"
              {...register('status')}
              data={[
                { value: '', label: 'Any status' },
                { value: '1', label: 'Active' },
                { value: '0', label: 'Inactive' },
              ]}
            />
            <TextInput label="Registration number or VIN contains" {...register('q')} error={errors.q?.message} />
          </Group>
        )}
        {group ? (
          <Text size="sm" c="dimmed">
            {group.vehicleIds.length} vehicle{group.vehicleIds.length === 1 ? '' : 's'} in the group now.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={back}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {group ? 'Save group' : 'Create group'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
