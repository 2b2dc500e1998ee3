import { ActionIcon, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One column of an editable table: its header and the field(s) of row `index`. */
export interface EditableColumn {
  header: string;
  width?: number;
  cell: (index: number) => ReactNode;
}

export interface EditableRowsTableProps {
  /** The table's accessible name, e.g. "Commands". */
  label: string;
  /** What one row is, for the remove button's name ("Remove command 2"). */
  itemName: string;
  /** Stable keys of the rows (react-hook-form's `useFieldArray().fields[i].id`). */
  rowIds: readonly string[];
  columns: readonly EditableColumn[];
  onRemove: (index: number) => void;
  /** Shown instead of the table when there is no row. */
  empty: ReactNode;
  /** Wide tables scroll sideways below this width. */
  minWidth?: number;
}

/** The rows of a model step (commands, faults, states) as a table of fields, each row with a remove button. */
export function EditableRowsTable({
  label,
  itemName,
  rowIds,
  columns,
  onRemove,
  empty,
  minWidth,
}: EditableRowsTableProps) {
  if (rowIds.length === 0) {
    return typeof empty === 'string' ? (
      <Text c="dimmed" size="sm" py="md">
        {empty}
      </Text>
    ) : (
      empty
    );
  }
  const table = (
    <Table aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.header} w={column.width}>
              {column.header}
            </Table.Th>
          ))}
          <Table.Th w={48} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rowIds.map((id, i) => (
          <Table.Tr key={id}>
            {columns.map((column) => (
              <Table.Td key={column.header}>{column.cell(i)}</Table.Td>
            ))}
            <Table.Td>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${itemName} ${i + 1}`}
                onClick={() => onRemove(i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}
