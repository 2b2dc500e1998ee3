import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  COMMAND_DEFAULT_EXPIRY_S,
  COMMAND_MAX_EXPIRY_S,
  COMMAND_MIN_EXPIRY_S,
  type CommandParameterDef,
  cleanCommandPayload,
  commandParamError,
  formatCommandPayload,
} from '@/domain/command-params';
import { toApiError } from '@/shared/api/api-client';
import type { VehicleOption } from '@/shared/api/vehicle-search';
import { DeviceGroupPicker } from '@/shared/ui/device-group-picker';
import { notify } from '@/shared/ui/notify';
import { VehiclePicker } from '@/shared/ui/vehicle-picker';
import { type CommandTarget, type TargetCommand, useCommandTarget, useSendCommands } from '../api/send-commands';

export type TargetKind = 'vehicle' | 'group' | 'filter';

export interface SendCommandDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The history's current filter (its vehicles are a target), with how it reads; none: no such target. */
  currentFilter?: { filter: NonNullable<CommandTarget['commandFilter']>; description: string } | null;
  /** Whether the user may pick device groups (`su.DG` List). */
  canUseGroups: boolean;
  /** Sends to this vehicle only (a vehicle's Commands tab). */
  fixedVehicle?: VehicleOption;
  /** The command chosen when the dialog opens (a Commands tab hands over its choice). */
  initialCode?: string | null;
}

type ParamDraft = Record<string, string | number | boolean | ''>;

/** A fresh idempotency key: one per send, kept while the same send is retried. */
const newKey = () => `send-${crypto.randomUUID()}`;

function ParameterField({
  def,
  value,
  error,
  onChange,
}: {
  def: CommandParameterDef;
  value: string | number | boolean | '';
  error: string | undefined;
  onChange: (value: string | number | boolean | '') => void;
}) {
  const label = def.unit ? `${def.label} (${def.unit})` : def.label;
  if (def.type === 'integer' || def.type === 'number') {
    return (
      <NumberInput
        label={label}
        withAsterisk={def.required}
        value={typeof value === 'number' ? value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
        min={def.min}
        max={def.max}
        allowDecimal={def.type === 'number'}
        clampBehavior="none"
        description={def.min !== undefined && def.max !== undefined ? `${def.min} to ${def.max}` : undefined}
        error={error}
      />
    );
  }
  if (def.type === 'enum') {
    return (
      <NativeSelect
        label={label}
        withAsterisk={def.required}
        data={[{ value: '', label: 'Choose…' }, ...(def.options ?? []).map((o) => ({ value: o, label: o }))]}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
      />
    );
  }
  if (def.type === 'boolean') {
    return (
      <Switch
        label={label}
        checked={value === true}
        onChange={(e) => onChange(e.currentTarget.checked)}
        error={error}
      />
    );
  }
  return (
    <TextInput
      label={label}
      withAsterisk={def.required}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={def.maxLength}
      error={error}
    />
  );
}

/**
 * Sends one of the target's model commands to one vehicle, a device group or the vehicles of the history's current
 * filter: parameters checked field by field, an expiry, an idempotency key (a retry after a network error is the same
 * send), and typed confirmation for a safety-critical command. What was typed stays on an error.
 */
export function SendCommandDialog({
  opened,
  onClose,
  currentFilter,
  canUseGroups,
  fixedVehicle,
  initialCode = null,
}: SendCommandDialogProps) {
  const [kind, setKind] = useState<TargetKind>('vehicle');
  const [vehicle, setVehicle] = useState<VehicleOption | null>(fixedVehicle ?? null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(initialCode);
  const [params, setParams] = useState<ParamDraft>({});
  const [expiresInS, setExpiresInS] = useState<number | ''>(COMMAND_DEFAULT_EXPIRY_S);
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const send = useSendCommands();

  const target = useMemo<CommandTarget | null>(() => {
    if (fixedVehicle) return { vehicleId: fixedVehicle.value };
    if (kind === 'vehicle') return vehicle ? { vehicleId: vehicle.value } : null;
    if (kind === 'group') return groupId ? { deviceGroupId: groupId } : null;
    return currentFilter ? { commandFilter: currentFilter.filter } : null;
  }, [fixedVehicle, kind, vehicle, groupId, currentFilter]);
  const preview = useCommandTarget(opened ? target : null);
  const commands = target && preview.data ? preview.data.commands : [];
  const chosen: TargetCommand | undefined = commands.find((c) => c.code === code);
  const vehicleCount = preview.data?.vehicleCount ?? 0;
  const single = target?.vehicleId !== undefined;
  const confirmWord = chosen?.safetyCritical
    ? single
      ? preview.data?.vehicles[0]?.registrationNumber || preview.data?.vehicles[0]?.vin || ''
      : chosen.code
    : '';

  const reset = () => {
    setVehicle(fixedVehicle ?? null);
    setGroupId(null);
    setCode(initialCode);
    setParams({});
    setExpiresInS(COMMAND_DEFAULT_EXPIRY_S);
    setConfirmation('');
    setErrors({});
    setFormError(null);
    setIdempotencyKey(newKey());
  };
  const close = () => {
    reset();
    onClose();
  };
  /** Any change to what is sent makes it another send, with its own key. */
  const changed = (field: string) => {
    setIdempotencyKey(newKey());
    setErrors(({ [field]: _gone, ...rest }) => rest);
    setFormError(null);
  };

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!target) found.target = kind === 'group' ? 'Choose a device group.' : 'Choose a vehicle.';
    if (!chosen) found.code = 'Choose a command.';
    for (const def of chosen?.parameters ?? []) {
      const raw = params[def.name];
      const error = commandParamError(def, raw === '' ? undefined : raw);
      if (error) found[`params.${def.name}`] = error;
    }
    if (
      typeof expiresInS !== 'number' ||
      !Number.isInteger(expiresInS) ||
      expiresInS < COMMAND_MIN_EXPIRY_S ||
      expiresInS > COMMAND_MAX_EXPIRY_S
    ) {
      found.expiresInS = `Expiry must be a whole number of seconds from ${COMMAND_MIN_EXPIRY_S} to ${COMMAND_MAX_EXPIRY_S}.`;
    }
    if (chosen?.safetyCritical && confirmation.trim().toUpperCase() !== confirmWord.toUpperCase()) {
      found.confirmation = `Type ${confirmWord} to confirm.`;
    }
    return found;
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || !target || !chosen) return;
    const payload = cleanCommandPayload(chosen.parameters, params);
    send.mutate(
      {
        target,
        code: chosen.code,
        params: payload,
        expiresInS: expiresInS as number,
        idempotencyKey,
        ...(chosen.safetyCritical ? { confirmation: confirmation.trim() } : {}),
      },
      {
        onSuccess: (result) => {
          const sent = result.commands.length;
          const skipped = result.skipped.length;
          notify.success(
            result.replayed
              ? `${chosen.name} was already sent`
              : `${chosen.name} sent to ${sent} vehicle${sent === 1 ? '' : 's'}`,
            {
              description: [
                result.replayed ? 'The same send within its expiry: no new command was created.' : null,
                'Waiting for the devices to acknowledge it.',
                skipped > 0
                  ? `${skipped} vehicle${skipped === 1 ? '' : 's'} skipped: their model has no such command.`
                  : null,
                Object.keys(payload).length > 0 ? `Parameters: ${formatCommandPayload(payload)}.` : null,
              ]
                .filter(Boolean)
                .join(' '),
            },
          );
          close();
        },
        onError: (error) => {
          const apiError = toApiError(error);
          setErrors(apiError.fieldErrors ?? {});
          setFormError(apiError.message);
        },
      },
    );
  };

  const danger = chosen?.safetyCritical === true;
  const sendLabel = chosen
    ? `Send ${chosen.name} to ${single ? 'the vehicle' : `${vehicleCount} vehicle${vehicleCount === 1 ? '' : 's'}`}`
    : 'Send command';

  return (
    <Modal opened={opened} onClose={close} title="Send a command" size="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {fixedVehicle ? null : (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="send-target-label">
                Send to
              </Text>
              <SegmentedControl
                aria-labelledby="send-target-label"
                value={kind}
                onChange={(v) => {
                  setKind(v as TargetKind);
                  setCode(null);
                  changed('target');
                }}
                data={[
                  { value: 'vehicle', label: 'One vehicle' },
                  ...(canUseGroups ? [{ value: 'group', label: 'A device group' }] : []),
                  ...(currentFilter ? [{ value: 'filter', label: 'Filtered vehicles' }] : []),
                ]}
              />
            </Stack>
          )}
          {!fixedVehicle && kind === 'vehicle' ? (
            <VehiclePicker
              label="Vehicle"
              value={vehicle}
              onChange={(v) => {
                setVehicle(v);
                setCode(null);
                changed('target');
              }}
              error={errors.target}
            />
          ) : null}
          {!fixedVehicle && kind === 'group' ? (
            <DeviceGroupPicker
              label="Device group"
              required
              value={groupId}
              onChange={(id) => {
                setGroupId(id);
                setCode(null);
                changed('target');
              }}
              error={errors.target}
            />
          ) : null}
          {!fixedVehicle && kind === 'filter' && currentFilter ? (
            <Alert color="blue" variant="light" title="The vehicles of the filtered history">
              {currentFilter.description}
              {errors.target ? (
                <Text c="red.9" size="sm" mt={4}>
                  {errors.target}
                </Text>
              ) : null}
            </Alert>
          ) : null}
          {target && preview.data && !single ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {preview.data.vehicleCount} vehicle{preview.data.vehicleCount === 1 ? '' : 's'} in this target
              {preview.data.vehicles.length > 0
                ? `: ${preview.data.vehicles.map((v) => v.vin).join(', ')}${preview.data.vehicleCount > preview.data.vehicles.length ? ', …' : ''}`
                : ''}
            </Text>
          ) : null}
          {preview.isError ? (
            <Alert color="red" title="Could not load the target">
              {toApiError(preview.error).message}
            </Alert>
          ) : null}
          <Select
            label="Command"
            withAsterisk
            placeholder={
              !target ? 'Choose the target first' : preview.isFetching ? 'Loading commands…' : 'Choose a command'
            }
            data={commands.map((c) => ({
              value: c.code,
              label: `${c.name} (${c.code})${single ? '' : ` · ${c.vehicleCount} of ${vehicleCount}`}`,
            }))}
            value={code}
            onChange={(v) => {
              setCode(v);
              setParams({});
              setConfirmation('');
              changed('code');
            }}
            disabled={!target || commands.length === 0}
            searchable
            error={errors.code}
            nothingFoundMessage="No command matches"
          />
          {chosen ? (
            <Text size="sm" c="dimmed">
              {chosen.description} ({chosen.deviceKind === 'EV' ? 'vehicle' : chosen.deviceKind})
            </Text>
          ) : null}
          {(chosen?.parameters ?? []).map((def) => (
            <ParameterField
              key={def.name}
              def={def}
              value={params[def.name] ?? ''}
              error={errors[`params.${def.name}`]}
              onChange={(value) => {
                setParams((p) => ({ ...p, [def.name]: value }));
                changed(`params.${def.name}`);
              }}
            />
          ))}
          <NumberInput
            label="Expires after (seconds)"
            description="Without an acknowledgement by then, the command fails."
            value={expiresInS}
            onChange={(v) => {
              setExpiresInS(typeof v === 'number' ? v : '');
              changed('expiresInS');
            }}
            min={COMMAND_MIN_EXPIRY_S}
            max={COMMAND_MAX_EXPIRY_S}
            allowDecimal={false}
            clampBehavior="none"
            error={errors.expiresInS}
          />
          {danger ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Safety-critical command">
              <Text size="sm" mb="xs">
                {chosen.name} changes how {single ? 'this vehicle' : `${vehicleCount} vehicles`} can move. Type{' '}
                <Text span fw={700} ff="monospace">
                  {confirmWord}
                </Text>{' '}
                to confirm.
              </Text>
              <TextInput
                label={`Type ${confirmWord} to confirm`}
                value={confirmation}
                onChange={(e) => {
                  setConfirmation(e.currentTarget.value);
                  setErrors(({ confirmation: _gone, ...rest }) => rest);
                }}
                autoComplete="off"
                error={errors.confirmation}
              />
            </Alert>
          ) : null}
          {formError ? (
            <Alert color="red" title="The command was not sent">
              {formError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={send.isPending}>
              {sendLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
