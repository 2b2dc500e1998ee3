import { Center, Loader } from '@mantine/core';

/** Shown while the app restores its session or loads its first page. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center h="100vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
