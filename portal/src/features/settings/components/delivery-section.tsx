import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ACTION } from '@/domain/permissions';
import { ApiError } from '@/shared/api/api-error';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { notify } from '@/shared/ui/notify';
import { QueryState } from '@/shared/ui/query-state';
import { useCan } from '@/state/use-can';
import { type CompanySettings, useCompanySettings, useRotateWebhookSecret, useSaveDelivery } from '../api/settings-api';
import { SecretOnceModal } from './secret-once-modal';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SMS_SENDER = /^[A-Za-z0-9]{3,11}$/;

function DeliveryForm({ settings }: { settings: CompanySettings }) {
  const can = useCan();
  const save = useSaveDelivery();
  const rotate = useRotateWebhookSecret();
  const editable = can('rule.dm', ACTION.UPDATE);
  // The platform's settings are every company's default (decision 0088).
  const platform = settings.tenantId === 'platform';
  const [smtp, setSmtp] = useState(settings.smtpSender ?? '');
  const [sms, setSms] = useState(settings.smsSenderId ?? '');
  const [errors, setErrors] = useState<{ smtpSender?: string; smsSenderId?: string; form?: string }>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (smtp.trim() && !EMAIL.test(smtp.trim()))
      found.smtpSender = 'Enter the e-mail address the rules send from, e.g. alerts@example.com.';
    if (sms.trim() && !SMS_SENDER.test(sms.trim())) found.smsSenderId = 'Use 3 to 11 letters or digits, no spaces.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync({ smtpSender: smtp.trim() || null, smsSenderId: sms.trim() || null });
      setSmtp(saved.smtpSender ?? '');
      setSms(saved.smsSenderId ?? '');
      notify.success('Saved the delivery methods');
    } catch (e) {
      setErrors(e instanceof ApiError && e.fieldErrors ? e.fieldErrors : { form: errorMessage(e) });
    }
  };

  const makeSecret = async () => {
    try {
      const { secret: next } = await rotate.mutateAsync();
      setConfirming(false);
      setSecret(next);
    } catch (e) {
      notify.error('Could not make a new signing secret', { description: errorMessage(e) });
    }
  };

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={520}>
          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <TextInput
            label="E-mail sender (SMTP)"
            description={`The From address of rule e-mails. ${
              platform
                ? 'Empty: rules of companies without their own cannot send e-mail.'
                : "Empty: the platform's is used."
            }`}
            value={smtp}
            onChange={(e) => setSmtp(e.currentTarget.value)}
            error={errors.smtpSender}
            readOnly={!editable}
          />
          <TextInput
            label="SMS sender id"
            description={`3 to 11 letters or digits shown as the sender of rule text messages. ${
              platform
                ? 'Empty: rules of companies without their own cannot send SMS.'
                : "Empty: the platform's is used."
            }`}
            value={sms}
            onChange={(e) => setSms(e.currentTarget.value)}
            error={errors.smsSenderId}
            readOnly={!editable}
          />
          {editable ? (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save delivery methods
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
      <Stack gap={6}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            Web-hook signing secret
          </Text>
          <Badge color={settings.webhookSecretSet ? 'green' : 'gray'} variant="light" radius="sm">
            {settings.webhookSecretSet ? 'Set' : 'Not set'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Web-hook calls carry an HMAC-SHA256 signature made with this secret, so the receiver can check they are ours.
          {platform
            ? ' Without one (here or a company’s own) rules send no web-hook calls.'
            : " Not set: the platform's secret signs your rules' calls."}
        </Text>
        {can('rule.dm', ACTION.CONFIGURE) ? (
          <Group>
            <Button
              variant="default"
              onClick={() => (settings.webhookSecretSet ? setConfirming(true) : void makeSecret())}
              loading={rotate.isPending}
            >
              {settings.webhookSecretSet ? 'Replace signing secret' : 'Make signing secret'}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Replace signing secret"
        message="Make a new web-hook signing secret? Receivers checking the old one reject our calls until they get the new one."
        confirmLabel="Replace secret"
        busy={rotate.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void makeSecret()}
      />
      <SecretOnceModal
        title="Web-hook signing secret"
        what="the signing secret"
        secret={secret}
        onClose={() => setSecret(null)}
      />
    </Stack>
  );
}

/** The rules' delivery-method configuration: SMTP sender, SMS sender id and the web-hook signing secret. */
export function DeliverySection() {
  const settings = useCompanySettings();
  return (
    <Card withBorder radius="md" padding="lg">
      <Text fw={600} mb={4}>
        Delivery methods
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        How rules reach people: e-mail, SMS and web hooks.
      </Text>
      <QueryState query={settings} what="delivery methods">
        {(data) => <DeliveryForm settings={data} />}
      </QueryState>
    </Card>
  );
}
