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
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

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
  const send = () => {
    const text = draft.trim();
    if (!text) return setError('Write a reply.');
    if (text.length > MESSAGE_MAX_CHARS) return setError(`Use at most ${MESSAGE_MAX_CHARS} characters.`);
    setError(null);
    reply.mutate(text, {
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
        {query.data.messages.map((m) => (
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
      {query.data.unreadCount > 0 ? (
        <Text size="xs" c="dimmed">
          The visitor has not seen{' '}
          {query.data.unreadCount === 1 ? 'the last message' : `${query.data.unreadCount} messages`} yet.
        </Text>
      ) : null}
      {canReply ? (
        <Stack gap="xs">
          <Textarea
            label="Reply to the visitor"
            description="Reaches their messenger; on a report with a ticket it is the ticket's reply."
            autosize
            minRows={2}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button size="sm" onClick={send} loading={reply.isPending}>
              Send to the visitor
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
