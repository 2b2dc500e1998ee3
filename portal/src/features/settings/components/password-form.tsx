import { Alert, Button, Card, PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PASSWORD_RULE_TEXT, passwordProblem, passwordScore } from '@/domain/password-rule';
import { ApiError } from '@/shared/api/api-error';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { notify } from '@/shared/ui/notify';
import { useAppState } from '@/state/store-context';
import { useChangePassword } from '../api/settings-api';

type Errors = { currentPassword?: string; newPassword?: string; confirm?: string; form?: string };
const SCORE_COLOURS = ['red', 'red', 'orange', 'yellow', 'green'];

/** Change the own password: current, new (strength rule with a meter) and again; other sessions end. */
export function PasswordForm() {
  const email = useAppState((s) => s.auth.user?.email);
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const score = passwordScore(next);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!current) found.currentPassword = 'Enter your current password.';
    const problem = next ? passwordProblem(next, email) : 'Enter a new password.';
    if (problem) found.newPassword = problem;
    if (next !== again) found.confirm = 'The two new passwords differ.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await change.mutateAsync({ currentPassword: current, newPassword: next });
      notify.success('Changed your password', { description: 'Your other sessions were signed out.' });
      setCurrent('');
      setNext('');
      setAgain('');
    } catch (e) {
      setErrors(e instanceof ApiError && e.fieldErrors ? e.fieldErrors : { form: errorMessage(e) });
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" maw={520}>
      <Text fw={600} mb="sm">
        Change password
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.currentPassword}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description={PASSWORD_RULE_TEXT}
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={errors.newPassword}
          />
          <Progress
            value={(score / 4) * 100}
            color={SCORE_COLOURS[score]}
            size="sm"
            aria-label={`Password strength ${score} of 4`}
          />
          <PasswordInput
            label="New password again"
            autoComplete="new-password"
            value={again}
            onChange={(e) => setAgain(e.currentTarget.value)}
            error={errors.confirm}
          />
          <Button type="submit" loading={change.isPending} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
