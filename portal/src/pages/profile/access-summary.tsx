import { Accordion, Badge, Card, Group, Table, Text } from '@mantine/core';
import { ACTION, ACTION_LABELS, PERMISSION_LABELS, type PermissionMap } from '@/domain/permissions';
import { applicableActionNames, keysByArea } from '@/domain/role-editor';

/**
 * What the signed-in user may do, by feature area (issue 18 item 14): one collapsed row per area with how many of
 * its pages they may open, and inside it each page with the actions allowed on it, instead of a wall of chips.
 */
export function AccessSummary({ permissions }: { permissions: PermissionMap }) {
  const areas = keysByArea()
    .map((area) => ({ ...area, keys: area.keys.filter((key) => (permissions[key] ?? 0) > 0) }))
    .filter((area) => area.keys.length > 0);
  return (
    <Card withBorder radius="md" padding="lg" style={{ gridColumn: '1 / -1' }}>
      <Text fw={600} id="access-summary-title">
        Your access
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {areas.length === 0
          ? 'Your role opens no pages yet. Ask an administrator for access.'
          : 'The areas your role opens. Expand one to see each page and what you may do there.'}
      </Text>
      {areas.length > 0 ? (
        <Accordion multiple variant="separated" radius="sm" aria-labelledby="access-summary-title">
          {areas.map((area) => (
            <Accordion.Item key={area.id} value={area.id}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" pr="sm">
                  <Text size="sm" fw={500}>
                    {area.label}
                  </Text>
                  <Badge variant="light" color="gray" radius="sm" tt="none">
                    {area.keys.length === 1 ? '1 page' : `${area.keys.length} pages`}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Table verticalSpacing={4} aria-label={`${area.label}: pages and actions`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w="40%">Page</Table.Th>
                      <Table.Th>You may</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {area.keys.map((key) => (
                      <Table.Tr key={key}>
                        <Table.Td>{PERMISSION_LABELS[key]}</Table.Td>
                        <Table.Td>
                          <Text size="sm" c="dimmed">
                            {applicableActionNames(key)
                              .filter((name) => ((permissions[key] ?? 0) & ACTION[name]) !== 0)
                              .map((name) => ACTION_LABELS[name])
                              .join(', ')}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      ) : null}
    </Card>
  );
}
