import { Box, Loader, Progress } from '@mantine/core';
import { useNavigation } from 'react-router-dom';

/**
 * The route-change spinner: shown while the router loads the next page (lazy code and guard), gone when the change
 * completes or fails (the router returns to idle in both cases).
 */
export function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Box role="status" aria-label="Loading page" data-testid="route-progress">
      <Progress
        value={100}
        animated
        size={3}
        radius={0}
        pos="fixed"
        top={0}
        left={0}
        right={0}
        style={{ zIndex: 1000 }}
      />
      <Loader size="sm" pos="fixed" top={14} right={16} style={{ zIndex: 1000 }} />
    </Box>
  );
}
