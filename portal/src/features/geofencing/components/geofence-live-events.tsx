import { Badge, Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { type GeofenceEvent, topics } from '@/shared/lib/live/topics';
import { useLiveEvents } from '@/shared/lib/live/use-live-events';
import { notify } from '@/shared/ui/notify';
import { DELIVERY_METHOD } from './geofence-rules';

/** What the page knows of a geofence to decide whether an event is an alert. */
export interface GeofenceAlertRule {
  rule: string;
  deliveryMethods: number;
}

export interface GeofenceLiveEventsProps {
  /** Rules by geofence id; an event of a geofence whose rule it matches and that delivers Web Alerts raises a toast. */
  rules: ReadonlyMap<string, GeofenceAlertRule>;
}

const TOAST_GAP_MS = 4000;
const EVENT_COLOUR = { enter: 'teal', exit: 'orange', dwell: 'violet' } as const;
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** True when the event is what the geofence's rule alerts on and the geofence delivers Web Alerts. */
export function isWebAlert(event: GeofenceEvent, rule: GeofenceAlertRule | undefined): boolean {
  return rule !== undefined && rule.rule === event.event && (rule.deliveryMethods & DELIVERY_METHOD.WebAlert) !== 0;
}

/**
 * Enter / exit events of the whole fleet as they arrive, newest first. Events that match their geofence's rule raise
 * a Web Alert toast (at most one every few seconds, so a busy fleet does not bury the screen).
 */
export function GeofenceLiveEvents({ rules }: GeofenceLiveEventsProps) {
  const lastToast = useRef(0);
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const events = useLiveEvents('geofence-events', [topics.fleetEventsFilter('geofences')], 'geofence', {
    max: 30,
    onEvent: (event) => {
      if (!isWebAlert(event, rulesRef.current.get(event.geofenceId))) return;
      const now = Date.now();
      if (now - lastToast.current < TOAST_GAP_MS) return;
      lastToast.current = now;
      notify.info(
        `${event.vehicleUid} ${event.event === 'enter' ? 'entered' : event.event === 'exit' ? 'left' : 'stayed in'} ${event.geofenceName}`,
        {
          description: `Geofence alert at ${timeFormat.format(event.ts)}`,
        },
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
        <ScrollArea.Autosize mah={360}>
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
                <Group gap="xs" wrap="nowrap">
                  <Badge size="sm" color={EVENT_COLOUR[event.event]} variant="light" w={56}>
                    {event.event}
                  </Badge>
                  <Text size="sm" truncate>
                    <b>{event.vehicleUid}</b> · {event.geofenceName}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {timeFormat.format(event.ts)}
                </Text>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
