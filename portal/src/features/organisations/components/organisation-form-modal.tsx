import { NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormRegister } from 'react-hook-form';
import type { ZodType } from 'zod';
import type { RoleType } from '@/domain/roles';
import { type OrganisationKind as LookupKind, useOrganisationOptions } from '@/shared/api/lookups';
import { FormModal, ModalForm } from '@/shared/ui/form-modal/form-modal';
import { useServerForm } from '@/shared/ui/form-modal/use-server-form';
import type { OrganisationRow } from '../api/organisations-api';
import {
  EMPTY_VALUES,
  FIELDS,
  type OrganisationFormValues,
  organisationFormSchema,
  toBody,
} from '../lib/organisation-form';
import { KIND_INFO, type OrganisationKind } from '../lib/organisation-kinds';

type PlaceField = 'oemId' | 'dealerId' | 'fleetId';
interface Placement {
  field: PlaceField;
  label: string;
  lookup: LookupKind;
  required: boolean;
  description?: string;
}

/** Where a new organisation of `kind` goes that its creator chooses (the server forces the rest to their own). */
export function placementsFor(kind: OrganisationKind, creator: RoleType): Placement[] {
  const oem: Placement = { field: 'oemId', label: 'OEM', lookup: 'oems', required: true };
  if (kind === 'dealer') return creator === 'platform' ? [oem] : [];
  if (kind === 'fleet') {
    const dealer: Placement = {
      field: 'dealerId',
      label: 'Service centre',
      lookup: 'dealers',
      required: false,
      description: 'Optional; one of the fleet’s OEM.',
    };
    if (creator === 'platform') return [oem, dealer];
    return creator === 'oem' ? [dealer] : [];
  }
  if (kind === 'evOwner') {
    if (creator !== 'platform' && creator !== 'oem') return [];
    return [
      {
        field: 'dealerId',
        label: 'Service centre',
        lookup: 'dealers',
        required: creator === 'oem',
        description: 'The service centre that looks after the owner.',
      },
    ];
  }
  return creator === 'fleet' ? [] : [{ field: 'fleetId', label: 'Fleet', lookup: 'fleets', required: true }];
}

const LABELS: Record<string, string> = {
  name: 'Name',
  code: 'Code',
  email: 'E-mail',
  phone: 'Phone',
  city: 'City',
  address: 'Address',
  licenseNumber: 'Licence number',
  licenseExpiresOn: 'Licence expires on',
};

function requiredFields(kind: OrganisationKind): Set<string> {
  if (kind === 'dealer') return new Set(['name', 'code', 'email', 'phone', 'city']);
  if (kind === 'fleet') return new Set(['name', 'email', 'city']);
  if (kind === 'evOwner') return new Set(['name', 'email', 'phone', 'city']);
  return new Set(['name', 'phone', 'licenseNumber', 'licenseExpiresOn']);
}

export interface OrganisationFormModalProps {
  kind: OrganisationKind;
  /** The row to edit; none to add one. */
  row?: OrganisationRow;
  creatorType: RoleType;
  onClose: () => void;
  /** Saves the body; a thrown ApiError's field errors land on the fields, and what was typed stays. */
  onSubmit: (body: Record<string, string | null>) => Promise<unknown>;
}

/** Add or edit a service centre, fleet, EV owner or driver: contact data, and where a new one belongs. */
export function OrganisationFormModal({ kind, row, onClose, ...rest }: OrganisationFormModalProps) {
  const info = KIND_INFO[kind];
  return (
    <FormModal opened onClose={onClose} title={row ? `Edit ${row.name}` : info.addLabel} size="lg">
      <OrganisationForm kind={kind} row={row} onClose={onClose} {...rest} />
    </FormModal>
  );
}

function PlacementSelect({
  placement,
  register,
  error,
}: {
  placement: Placement;
  register: UseFormRegister<OrganisationFormValues>;
  error?: string;
}) {
  const options = useOrganisationOptions(placement.lookup);
  const empty = options.isPending
    ? 'Loading…'
    : placement.required
      ? `Choose ${placement.label === 'OEM' ? 'an OEM' : `a ${placement.label.toLowerCase()}`}`
      : 'None';
  return (
    <NativeSelect
      label={placement.label}
      withAsterisk={placement.required}
      description={placement.description}
      {...register(placement.field)}
      error={error ?? (options.isError ? 'The list could not be loaded.' : undefined)}
      data={[{ value: '', label: empty }, ...(options.data ?? [])]}
    />
  );
}

function initialValues(row: OrganisationRow | undefined): OrganisationFormValues {
  if (!row) return EMPTY_VALUES;
  const r = row as unknown as Record<string, unknown>;
  const values = { ...EMPTY_VALUES };
  for (const key of Object.keys(values) as (keyof OrganisationFormValues)[]) {
    const v = r[key];
    if (typeof v === 'string') values[key] = v;
  }
  return values;
}

function OrganisationForm({ kind, row, creatorType, onClose, onSubmit }: Omit<OrganisationFormModalProps, 'opened'>) {
  const placements = row ? [] : placementsFor(kind, creatorType);
  const required = requiredFields(kind);
  const server = useServerForm({
    // One schema per kind, each with every field of the form: the form's values type is their union.
    schema: organisationFormSchema(kind) as unknown as ZodType<OrganisationFormValues, OrganisationFormValues>,
    defaultValues: initialValues(row),
    serverFields: [...FIELDS[kind], 'oemId', 'dealerId', 'fleetId'],
    onSubmit: async (values, form) => {
      const missing = placements.find((p) => p.required && !values[p.field]);
      if (missing) {
        form.setError(missing.field, {
          message: `Choose the ${missing.label === 'OEM' ? 'OEM' : missing.label.toLowerCase()}.`,
        });
        return;
      }
      const body = toBody(kind, values);
      for (const p of placements) body[p.field] = values[p.field] || null;
      await onSubmit(body);
    },
  });
  const {
    register,
    formState: { errors },
  } = server.form;

  const field = (name: keyof OrganisationFormValues) => {
    const common = {
      label: LABELS[name],
      withAsterisk: required.has(name),
      error: errors[name]?.message,
      ...register(name),
    };
    if (name === 'address') return <Textarea key={name} autosize minRows={2} {...common} />;
    if (name === 'licenseExpiresOn') return <TextInput key={name} type="date" {...common} />;
    return (
      <TextInput
        key={name}
        type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
        description={name === 'phone' ? '8 to 15 digits, an optional leading +.' : undefined}
        {...common}
      />
    );
  };
  const fields = FIELDS[kind];

  return (
    <ModalForm form={server} submitLabel={row ? 'Save changes' : KIND_INFO[kind].addLabel} onCancel={onClose}>
      {field('name')}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {fields.filter((f) => f !== 'name' && f !== 'address').map(field)}
      </SimpleGrid>
      {fields.includes('address') ? field('address') : null}
      {placements.map((p) => (
        <PlacementSelect key={p.field} placement={p} register={register} error={errors[p.field]?.message} />
      ))}
    </ModalForm>
  );
}
