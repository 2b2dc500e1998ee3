import { NativeSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type UseFormSetError } from 'react-hook-form';
import { isRoleCode, type RoleType } from '@/domain/roles';
import { ApiError } from '@/shared/api/api-error';
import { FormModal, ModalForm } from '@/shared/ui/form-modal/form-modal';
import { useServerForm } from '@/shared/ui/form-modal/use-server-form';
import { useAllRoles } from '../api/roles-api';
import { pickerKeys } from '@/shared/api/query-keys';
import { getOrganisationOptions, type UserAccount } from '../api/users-api';
import { ORGANISATION_LABEL, organisationFieldFor, type UserFormValues, userFormSchema } from '../lib/user-form';

export interface UserFormModalProps {
  opened: boolean;
  /** The account to edit; none to invite a new one. */
  user?: UserAccount;
  creatorType: RoleType;
  onClose: () => void;
  /** Saves; `organisationField` names where `values.organisation` goes (null: the server sets the scope). */
  onSubmit: (values: UserFormValues, organisationField: 'oemId' | 'dealerId' | 'fleetId' | null) => Promise<unknown>;
}

/** Invite an account (name, e-mail, phone, role and, where the creator chooses it, the organisation) or edit one. */
export function UserFormModal({ opened, user, onClose, ...rest }: UserFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={user ? `Edit ${user.name}` : 'Invite user'} size="lg">
      <UserForm user={user} onClose={onClose} {...rest} />
    </FormModal>
  );
}

function OrganisationSelect({
  field,
  value,
  onChange,
  error,
}: {
  field: 'oemId' | 'dealerId' | 'fleetId';
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const options = useQuery({
    queryKey: pickerKeys.organisations(field, q),
    queryFn: () => getOrganisationOptions(field, q),
    placeholderData: keepPreviousData,
  });
  return (
    <Select
      label={ORGANISATION_LABEL[field]}
      withAsterisk
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={options.data ?? []}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'Nothing found'}
      error={error ?? (options.isError ? 'The list could not be loaded.' : undefined)}
      placeholder={`Search ${ORGANISATION_LABEL[field].toLowerCase()}s`}
    />
  );
}

/** The server names the organisation by its id field; the form has one organisation field. */
function placeOrganisationError(
  error: unknown,
  organisationField: 'oemId' | 'dealerId' | 'fleetId' | null,
  setError: UseFormSetError<UserFormValues>,
): unknown {
  if (!(error instanceof ApiError) || !error.fieldErrors || !organisationField) return error;
  const message = error.fieldErrors[organisationField];
  if (message) setError('organisation', { type: 'server', message });
  const rest = Object.entries(error.fieldErrors).filter(([k]) => k !== organisationField);
  return new ApiError(error.status, error.code, error.message, Object.fromEntries(rest));
}

function UserForm({ user, creatorType, onClose, onSubmit }: Omit<UserFormModalProps, 'opened'>) {
  const roles = useAllRoles(!user);
  /** Where the chosen role's organisation goes, when the creator chooses it (null: the server sets the scope). */
  const organisationFieldOf = (roleId: string) => {
    const role = roles.data?.find((r) => r.id === roleId);
    return !user && role && isRoleCode(role.code) ? organisationFieldFor(creatorType, role.code) : null;
  };
  const server = useServerForm({
    schema: userFormSchema,
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      roleId: user?.roleId ?? '',
      organisation: '',
    },
    serverFields: ['name', 'email', 'phone', 'roleId'],
    onSubmit: async (values, form) => {
      const organisationField = organisationFieldOf(values.roleId);
      if (organisationField && !values.organisation) {
        form.setError('organisation', {
          message: `Choose the ${ORGANISATION_LABEL[organisationField].toLowerCase()}.`,
        });
        return;
      }
      try {
        await onSubmit(values, organisationField);
      } catch (error) {
        throw placeOrganisationError(error, organisationField, form.setError);
      }
    },
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = server.form;
  const organisationField = organisationFieldOf(watch('roleId'));

  return (
    <ModalForm form={server} submitLabel={user ? 'Save changes' : 'Invite user'} onCancel={onClose}>
      <TextInput label="Name" withAsterisk {...register('name')} error={errors.name?.message} />
      <TextInput label="E-mail" withAsterisk type="email" {...register('email')} error={errors.email?.message} />
      <TextInput
        label="Phone"
        description="Optional; 8 to 15 digits, an optional leading +."
        {...register('phone')}
        error={errors.phone?.message}
      />
      {user ? null : (
        <NativeSelect
          label="Role"
          withAsterisk
          {...register('roleId')}
          error={errors.roleId?.message ?? (roles.isError ? 'The roles could not be loaded.' : undefined)}
          data={[
            { value: '', label: roles.isPending ? 'Loading roles…' : 'Choose a role' },
            ...(roles.data ?? []).map((r) => ({ value: r.id, label: r.builtIn ? r.name : `${r.name} (${r.code})` })),
          ]}
        />
      )}
      {organisationField ? (
        <Controller
          control={control}
          name="organisation"
          render={({ field }) => (
            <OrganisationSelect
              key={organisationField}
              field={organisationField}
              value={field.value}
              onChange={field.onChange}
              error={errors.organisation?.message}
            />
          )}
        />
      ) : null}
    </ModalForm>
  );
}
