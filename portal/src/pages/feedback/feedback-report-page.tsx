import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { type RoutePageProps, paths } from '@/config/paths';
import { toApiError } from '@/shared/api/api-client';
import { formatDateTime } from '@/shared/lib/format';
import { PageHeader } from '@/shared/ui/page-header';
import { useFeedbackReport } from '@/features/feedback/api/feedback-reports';
import {
  ConsoleLogTable,
  KeyValueTable,
  NetworkLogTable,
  PageViewsTable,
  SnapshotFrame,
} from '@/features/feedback/components/report-sections';
import { ReplayPlayer } from '@/features/feedback/components/replay-player';
import { ReportConversation } from '@/features/feedback/components/report-conversation';
import { ReportTicketModal } from '@/features/feedback/components/report-ticket-modal';
import { ReportTypeBadge } from '@/features/feedback/components/report-type-badge';
import { ACTION } from '@/domain/permissions';
import { useCan } from '@/state/use-can';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={160} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td style={{ wordBreak: 'break-word' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** One report of the inbox: what the visitor wrote, who they are, the page, its logs, custom data and metadata. */
export function FeedbackReportPage({ route }: RoutePageProps) {
  const { id = '' } = useParams();
  const query = useFeedbackReport(id);
  const report = query.data;
  const reporter = report?.reporter;
  const can = useCan();
  const [ticketing, setTicketing] = useState(false);
  return (
    <>
      <PageHeader
        title={route.title}
        description={report ? `${report.description?.slice(0, 120) ?? 'No description'}` : undefined}
        actions={
          <Group>
            <Anchor component={Link} to={paths.feedback.href()} size="sm">
              Back to the inbox
            </Anchor>
            <Badge variant="light" size="lg" radius="sm">
              ID {id}
            </Badge>
            {report?.ticket ? (
              <Anchor component={Link} to={`${paths.tickets.href()}?ticket=${encodeURIComponent(report.ticket.id)}`}>
                Ticket {report.ticket.ref}
              </Anchor>
            ) : report && can('t', ACTION.ADD) ? (
              <Button size="sm" onClick={() => setTicketing(true)}>
                Create ticket
              </Button>
            ) : null}
          </Group>
        }
      />
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading report" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" title="The report could not be loaded" role="alert">
          {toApiError(query.error).message}
        </Alert>
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section title="Report">
              <Table aria-label="Report">
                <Table.Tbody>
                  <Field label="Type">
                    <ReportTypeBadge type={query.data.type} />
                  </Field>
                  <Field label="Description">
                    {query.data.description ?? (
                      <Text span c="dimmed" size="sm">
                        {query.data.isSilent ? 'Sent by the page without the visitor (no description).' : 'None given.'}
                      </Text>
                    )}
                  </Field>
                  <Field label="Status">{query.data.status}</Field>
                  <Field label="Priority">{query.data.priority ?? '—'}</Field>
                  <Field label="Received">{formatDateTime(query.data.createdAt, true)}</Field>
                  <Field label="Page">{query.data.pageUrl ?? '—'}</Field>
                  <Field label="SDK key">{query.data.sdkKeyName}</Field>
                  <Field label="Ticket">
                    {query.data.ticket ? (
                      <Anchor
                        component={Link}
                        to={`${paths.tickets.href()}?ticket=${encodeURIComponent(query.data.ticket.id)}`}
                      >
                        {query.data.ticket.ref}
                      </Anchor>
                    ) : (
                      'None yet'
                    )}
                  </Field>
                  {query.data.tags.length > 0 ? <Field label="Tags">{query.data.tags.join(', ')}</Field> : null}
                </Table.Tbody>
              </Table>
            </Section>
            <Section title="Reporter">
              <Table aria-label="Reporter">
                <Table.Tbody>
                  <Field label="Reported by">{query.data.reportedBy ?? '—'}</Field>
                  <Field label="Name">{reporter?.name ?? '—'}</Field>
                  <Field label="E-mail">{reporter?.email ?? '—'}</Field>
                  <Field label="User id">{reporter?.userId ?? '—'}</Field>
                </Table.Tbody>
              </Table>
              {query.data.screenRecordingUrl ? (
                <Text size="sm" mt="sm">
                  Screen recording:{' '}
                  <Anchor href={query.data.screenRecordingUrl} target="_blank" rel="noreferrer">
                    open the file
                  </Anchor>
                </Text>
              ) : null}
            </Section>
          </SimpleGrid>
          <Section title="Conversation with the visitor">
            <ReportConversation
              reportId={query.data.id}
              hasConversation={Boolean(query.data.conversation)}
              canReply={can('fb', ACTION.UPDATE)}
            />
          </Section>
          <Section title="Screenshot">
            {query.data.screenshot ? (
              <SnapshotFrame snapshot={query.data.screenshot} />
            ) : (
              <Text c="dimmed" size="sm">
                No screenshot was sent with this report.
              </Text>
            )}
          </Section>
          <Section title="Session replay">
            <ReplayPlayer reportId={query.data.id} replay={query.data.replay} />
          </Section>
          <Section title="Console log">
            <ConsoleLogTable entries={query.data.consoleLogs} />
          </Section>
          <Section title="Network log">
            <NetworkLogTable entries={query.data.networkLogs} />
          </Section>
          <Section title="Page views">
            <PageViewsTable views={query.data.pageViews} />
          </Section>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section title="Custom data">
              <KeyValueTable label="Custom data" data={query.data.customData} empty="No custom data was sent." />
            </Section>
            <Section title="Metadata">
              <KeyValueTable label="Metadata" data={query.data.metaData} empty="No metadata was sent." />
            </Section>
          </SimpleGrid>
          {query.data.customEvents.length > 0 ? (
            <Section title="Custom events">
              <KeyValueTable
                label="Custom events"
                data={Object.fromEntries(
                  query.data.customEvents.map((e, i) => [
                    `${i + 1}. ${e.name}${e.date ? ` (${e.date})` : ''}`,
                    e.data ?? null,
                  ]),
                )}
                empty="No custom events."
              />
            </Section>
          ) : null}
        </Stack>
      )}
      {ticketing && report && !report.ticket ? (
        <ReportTicketModal report={report} onClose={() => setTicketing(false)} />
      ) : null}
    </>
  );
}
