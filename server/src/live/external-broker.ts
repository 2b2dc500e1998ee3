import mqtt, { type MqttClient } from 'mqtt';

/**
 * The MQTT v5 user property the server sets on what it publishes to an external broker, so that the relay to browsers
 * (`broker-relay.ts`) tells the server's command status from a vehicle's own acknowledgement on the same topic.
 */
export const SERVER_PUBLISHER = { voltline: 'server' } as const;

/** A connection to an external broker (MQTT_URL): the server's own client, for health now and publishing later. */
export interface ExternalBroker {
  client: MqttClient;
  isUp(): boolean;
  /** Publishes as the server (QoS 1, not retained): the command requests of sent commands. */
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** MQTT v5 (for the user property), a clean session, reconnecting every 5 s; credentials come in the URL. */
export function connectExternalClient(url: string, role: string): MqttClient {
  return mqtt.connect(url, {
    clientId: `voltline-${role}-${crypto.randomUUID()}`,
    protocolVersion: 5,
    reconnectPeriod: 5_000,
  });
}

export function connectExternalBroker(url: string): ExternalBroker {
  const client = connectExternalClient(url, 'server');
  // Errors show as "not connected" in /api/health; the client keeps reconnecting.
  client.on('error', () => undefined);
  return {
    client,
    isUp: () => client.connected,
    publish: (topic, payload) =>
      client
        .publishAsync(topic, payload, { qos: 1, properties: { userProperties: SERVER_PUBLISHER } })
        .then(() => undefined),
    close: () => client.endAsync().then(() => undefined),
  };
}
