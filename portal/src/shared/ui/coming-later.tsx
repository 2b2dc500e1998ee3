import { Alert, List, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';

export interface ComingLaterProps {
  /** The work that brings this content, e.g. "Fleet inventory". */
  arrivesWith: string;
  /** What will be here, in a few bullet points. */
  includes?: readonly string[];
}

/** Says plainly that a page's content is not built yet and which piece of work brings it. */
export function ComingLater({ arrivesWith, includes }: ComingLaterProps) {
  return (
    <Alert variant="light" color="gray" radius="md" icon={<IconHourglass size={18} />} title="Not built yet">
      <Text size="sm">This content arrives with a later issue: {arrivesWith}.</Text>
      {includes && includes.length > 0 ? (
        <List size="sm" mt="xs" spacing={2}>
          {includes.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}
