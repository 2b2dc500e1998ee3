import { Alert, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { MESSAGE_MAX_CHARS } from '@/domain/tickets';
import { toApiError } from '@/shared/api/api-client';
import { formatDateTime } from '@/shared/lib/format';
import { type ApiFeedbackConversation, useReplyToReport, useReportConversation } from '../api/feedback-reports';

const AUTHOR_LABEL: Record<ApiFeedbackConversation['messages'][number]['author']['type'], string> = {
  contact: 'Visitor',
  agent: 'Team',
  bot: 'Widget',
};

/**
 * The visitor's conversation of a report (decision 0128): what they wrote, the widget's acknowledgement and the team's
 * replies, and, for holders of `fb` Update, a reply that reaches their messenger (with a ticket, it is the ticket's
 * reply). A report that started no conversation says so.
 */
export function ReportConversation({
  reportId,
  hasConversation,
  canReply,
}: {
  reportId: string;
  /** Whether the report names a conversation (`FeedbackReport.conversation`). */
  hasConversation: boolean;
  canReply: boolean;
}) {
  const query = useReportConversation(reportId, hasConversation);
  const reply = useReplyToReport(reportId);

  if (!hasConversation) {
    return (
      <Text c="dimmed" size="sm">
        This report started no conversation: it was sent without a widget session, silently, or as a survey answer.
      </Text>
    );
  }
  if (query.isPending) return <Text size="sm">Loading the conversation…</Text>;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="The conversation could not be loaded">
        {toApiError(query.error).message}
      </Alert>
    );
  }
  return (
    <ConversationThread
      conversation={query.data}
      reply={
        canReply
          ? {
              description: "Reaches their messenger; on a report with a ticket it is the ticket's reply.",
              pending: reply.isPending,
              send: (text, done) => reply.mutate(text, done),
            }
          : undefined
      }
    />
  );
}

/** How a thread's reply box sends: `done` reports the outcome, so the box clears or shows the error. */
export interface ThreadReply {
  description: string;
  pending: boolean;
  send: (text: string, done: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

/**
 * A visitor's conversation as the operator reads it: its messages, oldest first, what the visitor has not seen yet,
 * and a reply box when the operator may answer (`reply`). A report's conversation and one started without a report
 * (decision 0136 Session 25) both show this way.
 */
export function ConversationThread({
  conversation,
  reply,
}: {
  conversation: ApiFeedbackConversation;
  reply: ThreadReply | undefined;
}) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    if (!reply) return;
    const text = draft.trim();
    if (!text) return setError('Write a reply.');
    if (text.length > MESSAGE_MAX_CHARS) return setError(`Use at most ${MESSAGE_MAX_CHARS} characters.`);
    setError(null);
    reply.send(text, {
      onSuccess: () => setDraft(''),
      onError: (e) => setError(toApiError(e).message),
    });
  };
  return (
    <Stack gap="sm">
      <Stack
        gap="xs"
        component="ol"
        aria-label="Conversation messages"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {conversation.messages.map((m) => (
          <li key={m.id} aria-label={`${AUTHOR_LABEL[m.author.type]} ${m.author.name}`}>
            <Group gap="xs">
              <Badge variant="light" size="sm" color={m.author.type === 'contact' ? 'blue' : 'gray'}>
                {AUTHOR_LABEL[m.author.type]}
              </Badge>
              <Text size="sm" fw={500}>
                {m.author.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(m.createdAt, true)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {m.text}
            </Text>
          </li>
        ))}
      </Stack>
      {conversation.unreadCount > 0 ? (
        <Text size="xs" c="dimmed">
          The visitor has not seen{' '}
          {conversation.unreadCount === 1 ? 'the last message' : `${conversation.unreadCount} messages`} yet.
        </Text>
      ) : null}
      {reply ? (
        <Stack gap="xs">
          <Textarea
            label="Reply to the visitor"
            description={reply.description}
            autosize
            minRows={2}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button size="sm" onClick={send} loading={reply.pending}>
              Send to the visitor
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
