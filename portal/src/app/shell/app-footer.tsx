import { Text } from '@mantine/core';
import { PRODUCT_NAME } from '@/domain/constants';

/** The copyright line with the current year. */
export function AppFooter({ now = new Date() }: { now?: Date }) {
  return (
    <Text size="xs" c="dimmed" ta="center">
      © {now.getFullYear()} {PRODUCT_NAME}. All rights reserved.
    </Text>
  );
}
