import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ChartText } from './chart-text';

export type { ChartText } from './chart-text';

export interface ChartTextAlternativeProps {
  /** Prefix of the ids: the chart's figure points `aria-describedby` at `${id}-summary`. */
  id: string;
  text: ChartText;
  /** Where the chart cannot be drawn, the table is the chart: shown, with no button to hide it. */
  tableOnly?: boolean;
}

/** A chart's summary line and its figures as a table behind a "Show data table" button (WCAG 1.1.1). */
export function ChartTextAlternative({ id, text, tableOnly = false }: ChartTextAlternativeProps) {
  const [tableShown, setTableShown] = useState(false);
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mt={4}>
        <Text id={`${id}-summary`} size="xs" c="dimmed">
          {text.summary}
        </Text>
        {tableOnly ? null : (
          <Button
            variant="subtle"
            size="compact-xs"
            style={{ flexShrink: 0 }}
            aria-expanded={tableShown}
            aria-controls={`${id}-table`}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {tableShown ? 'Hide data table' : 'Show data table'}
          </Button>
        )}
      </Group>
      {tableShown || tableOnly ? (
        <Table.ScrollContainer minWidth={480} mt="xs">
          <Table id={`${id}-table`} striped withTableBorder fz="xs">
            <caption>{text.table.caption}</caption>
            <Table.Thead>
              <Table.Tr>
                {text.table.columns.map((column) => (
                  <Table.Th key={column} scope="col">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {text.table.rows.map((row) => (
                <Table.Tr key={row[0]}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <Table.Th key={text.table.columns[i]} scope="row">
                        {cell}
                      </Table.Th>
                    ) : (
                      <Table.Td key={text.table.columns[i]}>{cell}</Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </>
  );
}
