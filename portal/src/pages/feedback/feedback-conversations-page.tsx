import {
  Alert,
  Anchor,
  Badge,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { type RoutePageProps, paths } from '@/config/paths';
import { ACTION } from '@/domain/permissions';
import { toApiError } from '@/shared/api/api-client';
import { formatDateTime } from '@/shared/lib/format';
import { PageHeader } from '@/shared/ui/page-header';
import { useCan } from '@/state/use-can';
import {
  type ApiVisitorConversationSummary,
  useReplyToVisitorConversation,
  useVisitorConversation,
  useVisitorConversations,
  VISITOR_CONVERSATIONS_PAGE_SIZE,
} from '@/features/feedback/api/feedback-reports';
import { ConversationThread } from '@/features/feedback/components/report-conversation';

/** Who the visitor is, as their widget session names them. */
function visitorOf(c: ApiVisitorConversationSummary): string {
  if (c.visitor.name && c.visitor.email) return `${c.visitor.name} (${c.visitor.email})`;
  return c.visitor.name ?? c.visitor.email ?? 'Anonymous visitor';
}

function ConversationRow({
  conversation,
  open,
  onOpen,
}: {
  conversation: ApiVisitorConversationSummary;
  open: boolean;
  onOpen: () => void;
}) {
  const last = conversation.lastMessage;
  return (
    <li>
      <UnstyledButton
        onClick={onOpen}
        aria-current={open ? 'true' : undefined}
        w="100%"
        p="sm"
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-default-border)',
          background: open ? 'var(--mantine-color-blue-light)' : undefined,
        }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600} lineClamp={1}>
            {conversation.title}
          </Text>
          {conversation.awaitingReply ? (
            <Badge size="sm" color="orange" variant="light" style={{ flexShrink: 0 }}>
              Awaiting reply
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {visitorOf(conversation)} · {formatDateTime(conversation.updatedAt, true)}
        </Text>
        {last ? (
          <Text size="sm" lineClamp={1}>
            {last.author.name}: {last.text}
          </Text>
        ) : null}
      </UnstyledButton>
    </li>
  );
}

function OpenConversation({ shareToken, canReply }: { shareToken: string; canReply: boolean }) {
  const query = useVisitorConversation(shareToken);
  const reply = useReplyToVisitorConversation(shareToken);
  if (query.isPending) return <Text size="sm">Loading the conversation…</Text>;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="The conversation could not be loaded">
        {toApiError(query.error).message}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        {query.data.title}
      </Title>
      <ConversationThread
        key={shareToken}
        conversation={query.data}
        reply={
          canReply
            ? {
                description: 'Reaches their messenger at once, as a message from the team.',
                pending: reply.isPending,
                send: (text, done) => reply.mutate(text, done),
              }
            : undefined
        }
      />
    </Stack>
  );
}

/**
 * The conversations visitors started in the widget's messenger without a report (decision 0136 Session 25): the list,
 * last message newest first, and the one open (`?c=<share token>`) with its messages and, for holders of `fb` Update,
 * a reply that reaches the visitor's messenger live. A report's conversation is answered on its report.
 */
export function FeedbackConversationsPage({ route }: RoutePageProps) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const openToken = search.get('c');
  const list = useVisitorConversations(page);
  const can = useCan();
  const set = (changes: Record<string, string | null>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / VISITOR_CONVERSATIONS_PAGE_SIZE));
  return (
    <>
      <PageHeader
        title={route.title}
        description="Conversations visitors started in the widget's messenger without sending a report, latest first."
        actions={
          <Anchor component={Link} to={paths.feedback.href()} size="sm">
            Back to the inbox
          </Anchor>
        }
      />
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading conversations" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" title="The conversations could not be loaded" role="alert">
          {toApiError(list.error).message}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder radius="md" component="section" aria-label="Conversations">
            {list.data.items.length === 0 ? (
              <Text c="dimmed" size="sm">
                No visitor has started a conversation without a report yet.
              </Text>
            ) : (
              <Stack
                gap="xs"
                component="ul"
                aria-label="Visitor conversations"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {list.data.items.map((c) => (
                  <ConversationRow
                    key={c.shareToken}
                    conversation={c}
                    open={c.shareToken === openToken}
                    onOpen={() => set({ c: c.shareToken })}
                  />
                ))}
              </Stack>
            )}
            {pages > 1 ? (
              <Group justify="center" mt="sm">
                <Pagination
                  total={pages}
                  value={page}
                  onChange={(p) => set({ page: String(p) })}
                  size="sm"
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                />
              </Group>
            ) : null}
          </Card>
          <Card withBorder radius="md" component="section" aria-label="Open conversation">
            {openToken ? (
              <OpenConversation shareToken={openToken} canReply={can('fb', ACTION.UPDATE)} />
            ) : (
              <Text c="dimmed" size="sm">
                Choose a conversation to read it and answer the visitor.
              </Text>
            )}
          </Card>
        </SimpleGrid>
      )}
    </>
  );
}
