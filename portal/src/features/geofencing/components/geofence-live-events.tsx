import { Badge, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { GeofenceEvent } from '@/domain/live-payloads';
import { topics } from '@/shared/lib/live/topics';
import { useLiveEvents } from '@/shared/lib/live/use-live-events';
import { notify } from '@/shared/ui/notify';
import { geofenceQueryOptions } from '../api/get-geofence';
import { type AlertPacer, createAlertPacer } from './geofence-alert-pacer';
import { DELIVERY_METHOD } from './geofence-rules';
import { formatTime } from '@/shared/lib/format';

/** What the page knows of a geofence to decide whether an event is an alert. */
export interface GeofenceAlertRule {
  rule: string;
  deliveryMethods: number;
}

export interface GeofenceLiveEventsProps {
  /**
   * Rules by geofence id (those on screen); an event of a geofence whose rule it matches and that delivers Web Alerts
   * raises a toast. The rule of a geofence not in the map is fetched once (and cached) when its first event arrives.
   */
  rules: ReadonlyMap<string, GeofenceAlertRule>;
}

/** Rules of geofences not on screen stay fresh this long before an event fetches them again. */
const RULE_STALE_MS = 60_000;
const EVENT_COLOUR = { enter: 'teal', exit: 'orange', dwell: 'violet' } as const;

/** True when the event is what the geofence's rule alerts on and the geofence delivers Web Alerts. */
export function isWebAlert(event: GeofenceEvent, rule: GeofenceAlertRule | undefined): boolean {
  return rule !== undefined && rule.rule === event.event && (rule.deliveryMethods & DELIVERY_METHOD.WebAlert) !== 0;
}

/**
 * Enter / exit events of the whole fleet as they arrive, newest first. Events that match their geofence's rule raise
 * a Web Alert toast; alerts that arrive within a few seconds of a toast are shown together in the next one.
 */
export function GeofenceLiveEvents({ rules }: GeofenceLiveEventsProps) {
  const queryClient = useQueryClient();
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const pacer = useRef<AlertPacer | null>(null);
  useEffect(() => {
    const created = createAlertPacer((title, description) => notify.info(title, { description }));
    pacer.current = created;
    return () => {
      created.dispose();
      pacer.current = null;
    };
  }, []);
  const events = useLiveEvents('geofence-events', [topics.fleetEventsFilter('geofences')], 'geofence', {
    max: 30,
    onEvent: (event) => {
      const known = rulesRef.current.get(event.geofenceId);
      if (known) {
        if (isWebAlert(event, known)) pacer.current?.push(event);
        return;
      }
      // A geofence on another page of the list, or created a moment ago: its rule decides, once fetched. A geofence
      // deleted meanwhile (404) raises no alert; its event still shows in the list below.
      queryClient.fetchQuery({ ...geofenceQueryOptions(event.geofenceId), staleTime: RULE_STALE_MS }).then(
        (geofence) => {
          if (isWebAlert(event, geofence)) pacer.current?.push(event);
        },
        () => undefined,
      );
    },
  });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="geofence-live-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id="geofence-live-title">
          Live events
        </Title>
        <Badge variant="dot" color={events.length ? 'green' : 'gray'}>
          {events.length ? `${events.length} recent` : 'Waiting'}
        </Badge>
      </Group>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          Vehicles entering or leaving a geofence appear here as it happens.
        </Text>
      ) : (
        <Box mah={360} style={{ overflowY: 'auto' }}>
          <Stack
            gap={6}
            component="ol"
            aria-label="Geofence events"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {events.map((event) => (
              <Group
                key={`${event.vehicleUid}-${event.geofenceId}-${event.ts}-${event.event}`}
                component="li"
                gap="xs"
                wrap="nowrap"
                justify="space-between"
              >
                <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: 1 }}>
                  <Badge size="sm" color={EVENT_COLOUR[event.event]} variant="light" w={56} style={{ flexShrink: 0 }}>
                    {event.event}
                  </Badge>
                  <Text size="sm" truncate>
                    <b>{event.vehicleUid}</b> · {event.geofenceName}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatTime(event.ts)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Box>
      )}
    </Card>
  );
}
