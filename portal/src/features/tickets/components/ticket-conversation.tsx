import {
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconLock, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { ATTACHMENT_LIMITS, MESSAGE_MAX_CHARS } from '@/domain/tickets';
import { formatDateTime } from '@/shared/lib/format';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { ApiError } from '@/shared/api/api-error';
import { usePostTicketMessage } from '../api/ticket-mutations';
import type { ApiTicketMessage } from '../api/ticket-types';
import { type PendingAttachment, readAttachments } from '../lib/read-attachment';

function MessageCard({ message }: { message: ApiTicketMessage }) {
  const note = message.kind === 'note';
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg={note ? 'yellow.0' : undefined}
      aria-label={`${note ? 'Internal note' : 'Reply'} from ${message.authorName}`}
    >
      <Group justify="space-between" gap="xs" mb={4}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {message.authorName}
          </Text>
          {note ? (
            <Badge size="xs" color="yellow" variant="filled" leftSection={<IconLock size={10} aria-hidden />}>
              Internal note
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(message.createdAt)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {message.body}
      </Text>
      {message.attachments.length > 0 ? (
        <Group gap="xs" mt="xs">
          {message.attachments.map((a) => (
            <Anchor key={a.id} href={a.dataUrl} download={a.name} size="sm">
              <IconPaperclip size={12} aria-hidden /> {a.name} ({Math.ceil(a.size / 1024)} KB)
            </Anchor>
          ))}
        </Group>
      ) : null}
    </Paper>
  );
}

export interface TicketConversationProps {
  ticketId: string;
  messages: ApiTicketMessage[];
  /** May write (Update on `t`) and the ticket still takes messages. */
  canWrite: boolean;
  /** Staff may write internal notes; drivers and EV owners only reply. */
  canWriteNotes: boolean;
}

/** The ticket's conversation, oldest first, and the composer: a reply or an internal note with attachments. */
export function TicketConversation({ ticketId, messages, canWrite, canWriteNotes }: TicketConversationProps) {
  const post = usePostTicketMessage(ticketId);
  const [kind, setKind] = useState<'reply' | 'note'>('reply');
  const [body, setBody] = useState('');
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [attachments, setAttachments] = useState<PendingAttachment[]>([]);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const pick = async (files: File[]) => {
    const { attached, problems } = await readAttachments(files, attachments.length);
    setAttachments((current) => [...current, ...attached]);
    setFileProblems(problems);
  };

  const send = () => {
    setFailure(null);
    const text = body.trim();
    if (!text) {
      setBodyError('Write a message first.');
      return;
    }
    if (text.length > MESSAGE_MAX_CHARS) {
      setBodyError(`Use at most ${MESSAGE_MAX_CHARS} characters.`);
      return;
    }
    setBodyError(null);
    post.mutate(
      { kind, body: text, attachments: attachments.map(({ name, type, dataUrl }) => ({ name, type, dataUrl })) },
      {
        onSuccess: () => {
          setBody('');
          setAttachments([]);
          setFileProblems([]);
        },
        // What was typed stays; the server's reason is shown.
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : undefined;
          if (fields?.body) setBodyError(fields.body);
          if (fields?.attachments) setFileProblems([fields.attachments]);
          setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          No messages yet.
        </Text>
      ) : (
        messages.map((m) => <MessageCard key={m.id} message={m} />)
      )}
      {canWrite ? (
        <Stack
          gap="xs"
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
          aria-label="Write a message"
        >
          {canWriteNotes ? (
            <SegmentedControl
              size="xs"
              value={kind}
              onChange={(v) => setKind(v as 'reply' | 'note')}
              data={[
                { value: 'reply', label: 'Reply to driver / owner' },
                { value: 'note', label: 'Internal note' },
              ]}
              aria-label="Message kind"
            />
          ) : null}
          <Textarea
            label={kind === 'note' ? 'Internal note (staff only)' : 'Reply'}
            autosize
            minRows={3}
            maxRows={8}
            value={body}
            error={bodyError}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
          {attachments.length > 0 ? (
            <Group gap="xs" aria-label="Attachments to send">
              {attachments.map((a) => (
                <Badge
                  key={a.key}
                  variant="light"
                  rightSection={
                    <CloseButton
                      size="xs"
                      aria-label={`Remove ${a.name}`}
                      onClick={() => setAttachments((list) => list.filter((x) => x.key !== a.key))}
                    />
                  }
                >
                  {a.name}
                </Badge>
              ))}
            </Group>
          ) : null}
          {fileProblems.length > 0 ? (
            <Alert color="red" role="alert" title="Some files were not attached">
              {fileProblems.map((p) => (
                <Text key={p} size="sm">
                  {p}
                </Text>
              ))}
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert" title="The message was not sent">
              {failure}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <FileButton onChange={(files) => void pick(files)} accept={ATTACHMENT_LIMITS.types.join(',')} multiple>
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconPaperclip size={14} />}>
                  Attach files
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              Up to {ATTACHMENT_LIMITS.maxFiles} files, {ATTACHMENT_LIMITS.maxBytes / 1024} KB each (
              {ATTACHMENT_LIMITS.typeLabel})
            </Text>
            <Button type="submit" size="xs" loading={post.isPending} leftSection={<IconSend size={14} />}>
              {kind === 'note' ? 'Add note' : 'Send reply'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
