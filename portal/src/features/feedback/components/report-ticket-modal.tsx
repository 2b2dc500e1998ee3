import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, type TicketPriority } from '@/domain/tickets';
import { ApiError } from '@/shared/api/api-error';
import type { VehicleOption } from '@/shared/api/vehicle-search';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { notify } from '@/shared/ui/notify';
import { VehiclePicker } from '@/shared/ui/vehicle-picker';
import { type ApiFeedbackReport, useCreateReportTicket } from '../api/feedback-reports';

type Errors = Partial<Record<'vehicleId' | 'title' | 'form', string>>;

/**
 * "Create ticket" from a report (decision 0118): the Help & Support ticket's vehicle (tickets belong to one), its title
 * (the report's description by default) and priority. The server makes one ticket per report at most.
 */
export function ReportTicketModal({ report, onClose }: { report: ApiFeedbackReport; onClose: () => void }) {
  const create = useCreateReportTicket(report.id);
  const [vehicle, setVehicle] = useState<VehicleOption | null>(null);
  const [title, setTitle] = useState('');
  const [priority, setPriority] = useState<TicketPriority>('medium');
  const [errors, setErrors] = useState<Errors>({});

  const submit = () => {
    const found: Errors = {};
    if (!vehicle) found.vehicleId = 'Choose the vehicle the report is about.';
    if (title.trim().length > 120) found.title = 'Use at most 120 characters.';
    setErrors(found);
    if (!vehicle || Object.keys(found).length > 0) return;
    create.mutate(
      { vehicleId: vehicle.value, priority, ...(title.trim() ? { title: title.trim() } : {}) },
      {
        onSuccess: (ticket) => {
          notify.success(`Opened ${ticket.ref}`, { description: ticket.title });
          onClose();
        },
        onError: (error) => {
          const byField = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
          setErrors({ ...byField, form: errorMessage(error) });
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Create a ticket from this report" size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {errors.form ? (
            <Alert color="red" role="alert" title="The ticket was not created">
              {errors.form}
            </Alert>
          ) : null}
          <Text size="sm" c="dimmed">
            A Help &amp; Support ticket (source Widget) that names this report; its SLA runs from now.
          </Text>
          <VehiclePicker
            label="Vehicle"
            value={vehicle}
            onChange={(v) => {
              setVehicle(v);
              setErrors((e) => ({ ...e, vehicleId: undefined }));
            }}
            error={errors.vehicleId}
            required
          />
          <TextInput
            label="Title"
            placeholder={`Widget: ${(report.description ?? report.type).slice(0, 60)}`}
            description="Leave empty to use the report's description."
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
          />
          <Select
            label="Priority"
            data={TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }))}
            value={priority}
            onChange={(v) => v && setPriority(v as TicketPriority)}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create ticket
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
