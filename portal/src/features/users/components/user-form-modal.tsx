import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, NativeSelect, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { isRoleCode, type RoleType } from '@/domain/roles';
import { ApiError } from '@/shared/api/api-error';
import { applyServerFieldErrors } from '@/shared/ui/data-table/server-field-errors';
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
    <Modal opened={opened} onClose={onClose} title={user ? `Edit ${user.name}` : 'Invite user'} centered size="lg">
      {opened ? <UserForm user={user} onClose={onClose} {...rest} /> : null}
    </Modal>
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

function UserForm({ user, creatorType, onClose, onSubmit }: Omit<UserFormModalProps, 'opened'>) {
  const [formError, setFormError] = useState<string | null>(null);
  const roles = useAllRoles(!user);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({
    resolver: zodResolver(userFormSchema),
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      roleId: user?.roleId ?? '',
      organisation: '',
    },
  });
  const roleId = watch('roleId');
  const role = roles.data?.find((r) => r.id === roleId);
  const organisationField =
    !user && role && isRoleCode(role.code) ? organisationFieldFor(creatorType, role.code) : null;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    if (organisationField && !values.organisation) {
      setError('organisation', { message: `Choose the ${ORGANISATION_LABEL[organisationField].toLowerCase()}.` });
      return;
    }
    try {
      await onSubmit(values, organisationField);
    } catch (error) {
      // The server names the organisation by its id field; the form has one organisation field.
      if (error instanceof ApiError && organisationField && error.fieldErrors?.[organisationField]) {
        setError('organisation', { type: 'server', message: error.fieldErrors[organisationField] });
      }
      const rest =
        error instanceof ApiError && error.fieldErrors && organisationField
          ? new ApiError(
              error.status,
              error.code,
              error.message,
              Object.fromEntries(Object.entries(error.fieldErrors).filter(([k]) => k !== organisationField)),
            )
          : error;
      setFormError(applyServerFieldErrors(rest, ['name', 'email', 'phone', 'roleId'], setError));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
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
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {user ? 'Save changes' : 'Invite user'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
