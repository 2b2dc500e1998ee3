import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ACTION } from '@/domain/permissions';
import {
  MESSAGE_MAX_CHARS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  type TicketPriority,
  type TicketSource,
} from '@/domain/tickets';
import { ApiError } from '@/shared/api/api-error';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { notify } from '@/shared/ui/notify';
import { useVehicleOption, type VehicleOption } from '@/shared/api/vehicle-search';
import { VehiclePicker } from '@/shared/ui/vehicle-picker';
import { useCan } from '@/state/use-can';
import { useTicketAssignees } from '../api/ticket-assignees';
import { useCreateTicket } from '../api/ticket-mutations';
import type { ApiTicketDetail } from '../api/ticket-types';

/** What a ticket opened from elsewhere starts with (a fault, a vehicle, a notification). */
export interface NewTicketPreset {
  vehicleId?: string | null;
  faultId?: string | null;
  notificationId?: string | null;
  source?: TicketSource;
  title?: string;
}

interface Fields {
  vehicleId: string | null;
  title: string;
  description: string;
  priority: TicketPriority;
  dealerId: string | null;
  assigneeId: string | null;
}
type Errors = Partial<Record<keyof Fields | 'form', string>>;

function validate(f: Fields): Errors {
  const e: Errors = {};
  if (!f.vehicleId) e.vehicleId = 'Choose the vehicle.';
  if (!f.title.trim()) e.title = 'Enter a title.';
  else if (f.title.trim().length > 120) e.title = 'Use at most 120 characters.';
  if (!f.description.trim()) e.description = 'Describe what is wrong.';
  else if (f.description.trim().length > MESSAGE_MAX_CHARS)
    e.description = `Use at most ${MESSAGE_MAX_CHARS} characters.`;
  return e;
}

export interface NewTicketModalProps {
  opened: boolean;
  preset: NewTicketPreset;
  onClose: () => void;
  onCreated: (ticket: ApiTicketDetail) => void;
}

/** Opens a ticket by hand or from a fault, vehicle or notification; each field is checked before it is sent. */
export function NewTicketModal({ opened, preset, onClose, onCreated }: NewTicketModalProps) {
  const can = useCan();
  const mayAssign = can('t', ACTION.ASSIGN);
  const create = useCreateTicket();
  const assignees = useTicketAssignees(opened && mayAssign);
  const [fields, setFields] = useState<Fields>({
    vehicleId: preset.vehicleId ?? null,
    title: preset.title ?? '',
    description: '',
    priority: 'medium',
    dealerId: null,
    assigneeId: null,
  });
  const [errors, setErrors] = useState<Errors>({});
  // The picked vehicle's option; a ticket opened from a vehicle or fault page arrives with the vehicle's id only.
  const [picked, setPicked] = useState<VehicleOption | null>(null);
  const presetVehicle = useVehicleOption(opened && preset.vehicleId ? preset.vehicleId : null);

  useEffect(() => {
    if (opened)
      setFields((f) => ({ ...f, vehicleId: preset.vehicleId ?? f.vehicleId, title: preset.title ?? f.title }));
  }, [opened, preset.vehicleId, preset.title]);

  const vehicle = preset.vehicleId ? (presetVehicle.data ?? null) : picked;

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = () => {
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        title: fields.title.trim(),
        description: fields.description.trim(),
        priority: fields.priority,
        vehicleId: fields.vehicleId as string,
        source: preset.source ?? 'manual',
        ...(preset.faultId ? { faultId: preset.faultId } : {}),
        ...(preset.notificationId ? { notificationId: preset.notificationId } : {}),
        ...(mayAssign && fields.dealerId ? { dealerId: fields.dealerId, assigneeId: fields.assigneeId } : {}),
      },
      {
        onSuccess: (ticket) => {
          notify.success(`Opened ${ticket.ref}`, { description: ticket.title });
          setFields({
            vehicleId: null,
            title: '',
            description: '',
            priority: 'medium',
            dealerId: null,
            assigneeId: null,
          });
          onCreated(ticket);
        },
        // The form keeps what was typed; field errors go to their fields.
        onError: (error) => {
          const byField = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
          setErrors({ ...byField, form: errorMessage(error) });
        },
      },
    );
  };

  const staff = (assignees.data?.staff ?? [])
    .filter((s) => s.dealerId === fields.dealerId)
    .map((s) => ({ value: s.id, label: s.name }));

  return (
    <Modal opened={opened} onClose={onClose} title="New ticket" size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {errors.form ? (
            <Alert color="red" role="alert" title="The ticket was not opened">
              {errors.form}
            </Alert>
          ) : null}
          <VehiclePicker
            label="Vehicle"
            value={vehicle}
            onChange={(v) => {
              setPicked(v);
              set('vehicleId', v?.value ?? null);
            }}
            error={errors.vehicleId}
            disabled={Boolean(preset.vehicleId)}
          />
          <TextInput
            label="Title"
            required
            value={fields.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={errors.title}
            maxLength={140}
          />
          <Textarea
            label="What is wrong"
            required
            autosize
            minRows={3}
            value={fields.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errors.description}
          />
          <Select
            label="Priority"
            allowDeselect={false}
            data={TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }))}
            value={fields.priority}
            onChange={(v) => v && set('priority', v as TicketPriority)}
            error={errors.priority}
          />
          {mayAssign ? (
            <Group grow align="flex-start">
              <Select
                label="Service centre"
                description="Empty: the vehicle's own"
                searchable
                clearable
                data={(assignees.data?.dealers ?? []).map((d) => ({ value: d.id, label: d.name }))}
                value={fields.dealerId}
                onChange={(v) => setFields((f) => ({ ...f, dealerId: v, assigneeId: null }))}
                error={errors.dealerId}
              />
              <Select
                label="Assignee"
                description="Someone of that centre"
                searchable
                clearable
                disabled={!fields.dealerId}
                data={staff}
                value={fields.assigneeId}
                onChange={(v) => set('assigneeId', v)}
                error={errors.assigneeId}
              />
            </Group>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Open ticket
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
