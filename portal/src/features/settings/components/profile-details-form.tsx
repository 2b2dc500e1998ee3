import { Alert, Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ACTION } from '@/domain/permissions';
import { ApiError } from '@/shared/api/api-error';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { notify } from '@/shared/ui/notify';
import { QueryState } from '@/shared/ui/query-state';
import { useAppStoreApi } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { type ProfileAccount, useProfile, useUpdateProfile } from '../api/settings-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 -]{6,20}[0-9]$/;
type Errors = { name?: string; email?: string; phone?: string; form?: string };

function DetailsForm({ account }: { account: ProfileAccount }) {
  const can = useCan();
  const store = useAppStoreApi();
  const update = useUpdateProfile();
  const editable = can('mp', ACTION.UPDATE);
  const [name, setName] = useState(account.name);
  const [email, setEmail] = useState(account.email);
  const [phone, setPhone] = useState(account.phone ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = 'Enter your name.';
    if (!EMAIL.test(email.trim())) found.email = 'Enter a valid e-mail address.';
    if (phone.trim() && (!PHONE.test(phone.trim()) || phone.replace(/\D/g, '').length > 15))
      found.phone = 'Enter a phone number of 8 to 15 digits, optionally starting with +.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await update.mutateAsync({ name: name.trim(), email: email.trim(), phone: phone.trim() || null });
      // The header and menus show the session's user: give it the new name and e-mail.
      const { auth, login } = store.getState();
      if (auth.user && auth.token)
        login({
          user: { ...auth.user, name: saved.name, email: saved.email },
          token: auth.token,
          permissions: auth.permissions,
        });
      notify.success('Saved your details');
    } catch (e) {
      setErrors(e instanceof ApiError && e.fieldErrors ? e.fieldErrors : { form: errorMessage(e) });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {errors.form ? (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          readOnly={!editable}
        />
        <TextInput
          label="E-mail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          readOnly={!editable}
        />
        <TextInput
          label="Phone"
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          error={errors.phone}
          readOnly={!editable}
          description="Optional: + and 8 to 15 digits."
        />
        {editable ? (
          <Button type="submit" loading={update.isPending} w="fit-content">
            Save details
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}

/** The own name, e-mail and phone, validated field by field; role and organisation are not the user's to change. */
export function ProfileDetailsForm() {
  const profile = useProfile();
  return (
    <Card withBorder radius="md" padding="lg">
      <Text fw={600} mb="sm">
        Your details
      </Text>
      <QueryState query={profile} what="your details">
        {(account) => <DetailsForm account={account} />}
      </QueryState>
    </Card>
  );
}
