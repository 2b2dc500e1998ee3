import {
  Badge,
  Button,
  Card,
  Code,
  ColorSwatch,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type Path } from 'react-hook-form';
import { z } from 'zod';
import { ACTION } from '@/domain/permissions';
import { ApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { FormModal, ModalForm } from '@/shared/ui/form-modal/form-modal';
import { useServerForm } from '@/shared/ui/form-modal/use-server-form';
import { notify } from '@/shared/ui/notify';
import { QueryState } from '@/shared/ui/query-state';
import { useCan } from '@/state/use-can';
import {
  type SdkKey,
  type SdkWidgetConfig,
  useCreateSdkKey,
  useRevokeSdkKey,
  useSdkKeys,
  useUpdateSdkKey,
} from '../api/settings-api';

/** The widget's button positions (gleap's `feedbackButtonPosition`), as the contract lists them. */
const POSITIONS: { value: SdkWidgetConfig['position']; label: string }[] = [
  { value: 'BOTTOM_RIGHT', label: 'Round button, bottom right' },
  { value: 'BOTTOM_LEFT', label: 'Round button, bottom left' },
  { value: 'BUTTON_CLASSIC', label: 'Side tab, right' },
  { value: 'BUTTON_CLASSIC_LEFT', label: 'Side tab, left' },
  { value: 'BUTTON_CLASSIC_BOTTOM', label: 'Tab, bottom' },
  { value: 'BUTTON_NONE', label: 'No button (opened from the page)' },
];

/** `auto` or one of the widget's bundled languages (decision 0112). */
const LANGUAGES: { value: SdkWidgetConfig['language']; label: string }[] = [
  { value: 'auto', label: "Automatic (the visitor's browser)" },
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'Hindi' },
  { value: 'de', label: 'German' },
  { value: 'fr', label: 'French' },
  { value: 'es', label: 'Spanish' },
  { value: 'ar', label: 'Arabic (right to left)' },
];

const DEFAULT_CONFIG: SdkWidgetConfig = {
  color: '#485BFF',
  position: 'BOTTOM_RIGHT',
  webReplays: true,
  networkLogs: true,
  language: 'auto',
};

const schema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name that says which site or app uses the key.')
    .max(60, 'Use at most 60 characters.'),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #RRGGBB, for example #485BFF.'),
  position: z.enum(POSITIONS.map((p) => p.value) as [SdkWidgetConfig['position'], ...SdkWidgetConfig['position'][]]),
  webReplays: z.boolean(),
  networkLogs: z.boolean(),
  language: z.enum(LANGUAGES.map((l) => l.value) as [SdkWidgetConfig['language'], ...SdkWidgetConfig['language'][]]),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['name', 'color', 'position', 'webReplays', 'networkLogs', 'language'] as const;

/** The server names a config field `config.<field>`; the form's fields are flat. */
function placeServerErrors(error: unknown, setError: (field: Path<Values>, e: { message: string }) => void) {
  if (!(error instanceof ApiError) || !error.fieldErrors) return errorMessage(error);
  let unplaced = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const name = field.replace(/^config\./, '');
    if ((FIELDS as readonly string[]).includes(name)) setError(name as Path<Values>, { message });
    else unplaced = true;
  }
  return unplaced ? error.message : null;
}

function SdkKeyForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: { name: string; config: SdkWidgetConfig };
  submitLabel: string;
  onSave: (values: { name: string; config: SdkWidgetConfig }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const server = useServerForm<Values>({
    schema,
    defaultValues: { name: initial.name, ...initial.config },
    onSubmit: ({ name, ...config }) => onSave({ name: name.trim(), config: { ...config, color: config.color.trim() } }),
    placeError: placeServerErrors,
  });
  const { register, control, formState } = server.form;
  const errors = formState.errors;
  return (
    <ModalForm
      form={server}
      errorTitle="The key was not saved"
      description="The widget gets this look the next time a page loads it (GET /config/{key})."
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <TextInput
        label="Name"
        withAsterisk
        description="Which site or app uses the key, e.g. the dealer portal."
        maxLength={60}
        {...register('name')}
        error={errors.name?.message}
      />
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <TextInput
            label="Colour"
            description="The widget's primary, header and button colour, as #RRGGBB."
            value={field.value}
            onChange={(e) => field.onChange(e.currentTarget.value)}
            onBlur={field.onBlur}
            error={errors.color?.message}
            maxLength={7}
            rightSectionWidth={44}
            rightSection={
              // The browser's own colour picker (keyboard and screen-reader ready), kept in step with the text.
              <input
                type="color"
                aria-label="Pick the colour"
                value={/^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value.toLowerCase() : '#485bff'}
                onChange={(e) => field.onChange(e.currentTarget.value.toUpperCase())}
                style={{ width: 28, height: 24, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
              />
            }
          />
        )}
      />
      <NativeSelect
        label="Button position"
        data={POSITIONS}
        {...register('position')}
        error={errors.position?.message}
      />
      <NativeSelect label="Language" data={LANGUAGES} {...register('language')} error={errors.language?.message} />
      <Controller
        control={control}
        name="webReplays"
        render={({ field }) => (
          <Switch
            label="Session replays"
            description="Reports carry a replay of the visitor's last moments."
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            error={errors.webReplays?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="networkLogs"
        render={({ field }) => (
          <Switch
            label="Network logs"
            description="Reports carry the page's recent requests."
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            error={errors.networkLogs?.message}
          />
        )}
      />
    </ModalForm>
  );
}

function CopyKey({ value, name }: { value: string; name: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="xs" variant="subtle" aria-label={`Copy the key of ${name}`} onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}

/** After a create: the key and how a page uses it. The key is public by design, so it also stays in the list. */
function KeyCreatedModal({
  opened,
  created,
  onClose,
}: {
  opened: boolean;
  created: SdkKey | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Your new SDK key" centered size="lg">
      {created ? (
        <Stack gap="sm">
          <Text size="sm">
            Put this key in the pages that load the widget. It is not a secret (every visitor's browser sends it);
            revoke it here if it is abused.
          </Text>
          <Code block fz="sm" aria-label="the SDK key" style={{ wordBreak: 'break-all' }}>
            {created.key}
          </Code>
          <Code
            block
            fz="xs"
          >{`Gleap.setApiUrl('${window.location.origin}/widget-api');\nGleap.initialize('${created.key}');`}</Code>
          <Group justify="space-between">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

const positionLabel = (value: string) => POSITIONS.find((p) => p.value === value)?.label ?? value;
const languageLabel = (value: string) => LANGUAGES.find((l) => l.value === value)?.label.split(' (')[0] ?? value;

/**
 * The widget's SDK keys of the organisation (decision 0123): list with each key's widget look, create (the key shown
 * with copy), edit the name and widget config, revoke with confirmation. Guarded by `s`: List, Add, Update, Delete.
 */
export function SdkKeysSection() {
  const can = useCan();
  const keys = useSdkKeys();
  const create = useCreateSdkKey();
  const update = useUpdateSdkKey();
  const revoke = useRevokeSdkKey();
  const [creating, setCreating] = useState(false);
  // The key being edited stays set while its dialog closes, so the closing dialog keeps its title.
  const [editing, setEditing] = useState<SdkKey | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [created, setCreated] = useState<SdkKey | null>(null);
  const [createdOpen, setCreatedOpen] = useState(false);
  const [revoking, setRevoking] = useState<SdkKey | null>(null);
  const [revokeOpen, setRevokeOpen] = useState(false);

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={600}>Widget SDK keys</Text>
            <Text size="sm" c="dimmed">
              Pages send a key with every report; its reports land in the Feedback inbox. The look set here is what the
              widget loads.
            </Text>
          </div>
          {can('s', ACTION.ADD) ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Create SDK key
            </Button>
          ) : null}
        </Group>
        <QueryState query={keys} what="SDK keys" isEmpty={(d) => d.length === 0} emptyText="No SDK keys yet.">
          {(data) => (
            <Table.ScrollContainer minWidth={760}>
              <Table striped aria-label="SDK keys">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Key</Table.Th>
                    <Table.Th>Widget</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((key) => (
                    <Table.Tr key={key.id}>
                      <Table.Td>{key.name}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <code>{key.key}</code>
                          <CopyKey value={key.key} name={key.name} />
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <ColorSwatch color={key.config.color} size={16} aria-hidden />
                          <Text size="sm">
                            {key.config.color} · {positionLabel(key.config.position)} ·{' '}
                            {languageLabel(key.config.language)}
                          </Text>
                        </Group>
                        <Text size="xs" c="dimmed">
                          Replays {key.config.webReplays ? 'on' : 'off'} · network logs{' '}
                          {key.config.networkLogs ? 'on' : 'off'}
                        </Text>
                      </Table.Td>
                      <Table.Td>{formatDateTime(key.createdAt)}</Table.Td>
                      <Table.Td style={{ minWidth: 116 }}>
                        {key.revokedAt ? (
                          <Badge color="gray" variant="light" radius="sm">
                            Revoked
                          </Badge>
                        ) : (
                          <Badge color="green" variant="light" radius="sm">
                            Active
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {key.revokedAt ? null : (
                          <Group gap={4} wrap="nowrap">
                            {can('s', ACTION.UPDATE) ? (
                              <Button
                                size="xs"
                                variant="subtle"
                                aria-label={`Edit ${key.name}`}
                                onClick={() => {
                                  setEditing(key);
                                  setEditOpen(true);
                                }}
                              >
                                Edit
                              </Button>
                            ) : null}
                            {can('s', ACTION.DELETE) ? (
                              <Button
                                size="xs"
                                variant="subtle"
                                color="red"
                                aria-label={`Revoke ${key.name}`}
                                onClick={() => {
                                  setRevoking(key);
                                  setRevokeOpen(true);
                                }}
                              >
                                Revoke
                              </Button>
                            ) : null}
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      </Stack>
      <FormModal opened={creating} onClose={() => setCreating(false)} title="Create SDK key">
        <SdkKeyForm
          initial={{ name: '', config: DEFAULT_CONFIG }}
          submitLabel="Create key"
          onCancel={() => setCreating(false)}
          onSave={async (values) => {
            const key = await create.mutateAsync(values);
            setCreating(false);
            setCreated(key);
            setCreatedOpen(true);
          }}
        />
      </FormModal>
      <FormModal opened={editOpen} onClose={() => setEditOpen(false)} title={`Edit ${editing?.name ?? ''}`}>
        {editing ? (
          <SdkKeyForm
            initial={{ name: editing.name, config: editing.config }}
            submitLabel="Save"
            onCancel={() => setEditOpen(false)}
            onSave={async (values) => {
              await update.mutateAsync({ id: editing.id, ...values });
              notify.success(`Saved ${values.name}`);
              setEditOpen(false);
            }}
          />
        ) : null}
      </FormModal>
      <KeyCreatedModal opened={createdOpen} created={created} onClose={() => setCreatedOpen(false)} />
      <ConfirmDialog
        opened={revokeOpen}
        title="Revoke SDK key"
        message={`Revoke ${revoking?.name ?? ''}? Pages using it can no longer send reports (the widget API answers 401 and stores nothing); its reports stay in the inbox. This cannot be undone.`}
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onClose={() => setRevokeOpen(false)}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync(revoking.id);
            notify.success(`Revoked ${revoking.name}`);
            setRevokeOpen(false);
          } catch (e) {
            notify.error(`Could not revoke ${revoking.name}`, { description: errorMessage(e) });
          }
        }}
      />
    </Card>
  );
}
