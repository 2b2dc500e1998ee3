import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconBolt, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { PRODUCT_NAME } from '@/domain/constants';
import { safeReturnTo } from '@/domain/route-access';
import { dashboardPathFor, ROLE_LABELS } from '@/domain/roles';
import { useAppStoreApi } from '@/state/store-context';
import { notify } from '@/shared/ui/notify';
import { type DemoAccount, toSessionError, useSession } from '@/features/auth/session';

const loginSchema = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address').email('Enter a valid e-mail address'),
  password: z.string().min(1, 'Enter your password'),
});
type LoginValues = z.infer<typeof loginSchema>;

type DemoState =
  | { status: 'loading' }
  | { status: 'ready'; accounts: DemoAccount[] }
  | { status: 'error'; message: string };

/** Sign in with e-mail and password; in demo mode, one click on a demo account signs in as that role. */
export function LoginPage() {
  const session = useSession();
  const store = useAppStoreApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  const [pendingDemo, setPendingDemo] = useState<string | null>(null);
  const [demo, setDemo] = useState<DemoState>({ status: 'loading' });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  useEffect(() => {
    let active = true;
    session.loadDemoAccounts().then(
      (accounts) => active && setDemo({ status: 'ready', accounts }),
      (error: unknown) => active && setDemo({ status: 'error', message: toSessionError(error).message }),
    );
    return () => {
      active = false;
    };
  }, [session]);

  const signIn = async (values: LoginValues) => {
    setFormError(null);
    try {
      const payload = await session.signIn({ email: values.email.trim(), password: values.password });
      store.getState().login(payload);
      notify.success(`Signed in as ${payload.user.name}`, { description: ROLE_LABELS[payload.user.role] });
      navigate(safeReturnTo(params.get('returnTo')) ?? dashboardPathFor(payload.user.role), { replace: true });
    } catch (error) {
      const e = toSessionError(error);
      for (const [field, message] of Object.entries(e.fieldErrors ?? {})) {
        if (field === 'email' || field === 'password') setError(field, { message });
      }
      setFormError(e.message);
    }
  };

  const handleDemoSignIn = async (account: DemoAccount) => {
    setPendingDemo(account.email);
    await signIn({ email: account.email, password: account.password });
    setPendingDemo(null);
  };

  const demoAccounts = demo.status === 'ready' ? demo.accounts : [];
  return (
    <Box mih="100vh" bg="gray.0" py={48} px="md">
      <Center>
        <Stack w="100%" maw={demoAccounts.length > 0 ? 880 : 420} gap="lg">
          <Group gap="xs" justify="center">
            <IconBolt size={32} color="var(--mantine-color-blue-6)" aria-hidden />
            <Text fw={800} size="xl">
              {PRODUCT_NAME}
            </Text>
          </Group>
          <Group align="flex-start" gap="lg" wrap="wrap" justify="center">
            <Card withBorder radius="md" padding="xl" w={400} maw="100%">
              <Title order={1} size="h3" mb={4}>
                Sign in
              </Title>
              <Text c="dimmed" size="sm" mb="lg">
                Use your work e-mail and password.
              </Text>
              <form onSubmit={handleSubmit(signIn)} noValidate>
                <Stack>
                  {formError ? (
                    <Alert color="red" icon={<IconAlertCircle size={18} />} title="Sign-in failed" role="alert">
                      {formError}
                    </Alert>
                  ) : null}
                  <TextInput
                    label="E-mail"
                    type="email"
                    autoComplete="username"
                    placeholder="you@company.com"
                    error={errors.email?.message}
                    {...register('email')}
                  />
                  <PasswordInput
                    label="Password"
                    autoComplete="current-password"
                    error={errors.password?.message}
                    {...register('password')}
                  />
                  <Button type="submit" loading={isSubmitting && !pendingDemo} fullWidth>
                    Sign in
                  </Button>
                </Stack>
              </form>
            </Card>
            {demo.status === 'loading' ? (
              <Center w={400}>
                <Loader size="sm" aria-label="Loading demo accounts" />
              </Center>
            ) : null}
            {demo.status === 'error' ? (
              <Alert color="orange" title="Demo accounts unavailable" w={400}>
                {demo.message}
              </Alert>
            ) : null}
            {demoAccounts.length > 0 ? (
              <Card withBorder radius="md" padding="xl" w={400} maw="100%">
                <Group justify="space-between" mb={4}>
                  <Title order={2} size="h4">
                    Demo accounts
                  </Title>
                  <Badge variant="light" color="grape">
                    Demo
                  </Badge>
                </Group>
                <Text c="dimmed" size="sm" mb="md">
                  One click signs you in as that role.
                </Text>
                <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Demo accounts">
                  {demoAccounts.map((account) => (
                    <li key={account.email}>
                      <UnstyledButton
                        w="100%"
                        p="xs"
                        disabled={pendingDemo !== null}
                        onClick={() => handleDemoSignIn(account)}
                        data-role={account.role}
                        style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
                      >
                        <Group justify="space-between" wrap="nowrap">
                          <Stack gap={0}>
                            <Text fw={600} size="sm">
                              {account.label}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {account.email}
                            </Text>
                          </Stack>
                          {pendingDemo === account.email ? <Loader size="xs" /> : <IconChevronRight size={16} />}
                        </Group>
                      </UnstyledButton>
                    </li>
                  ))}
                </Stack>
              </Card>
            ) : null}
          </Group>
          <Text c="dimmed" size="xs" ta="center">
            Trouble signing in? <Anchor href="mailto:support@voltline.example">Contact support</Anchor>
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
