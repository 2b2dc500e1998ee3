import mqtt, { type MqttClient } from 'mqtt';

/** A connection to an external broker (MQTT_URL): the server's own client, for health now and publishing later. */
export interface ExternalBroker {
  client: MqttClient;
  isUp(): boolean;
  /** Publishes as the server (QoS 1, not retained): the command requests of sent commands. */
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export function connectExternalBroker(url: string): ExternalBroker {
  const client = mqtt.connect(url, { clientId: `voltline-server-${crypto.randomUUID()}`, reconnectPeriod: 5_000 });
  // Errors show as "not connected" in /api/health; the client keeps reconnecting.
  client.on('error', () => undefined);
  return {
    client,
    isUp: () => client.connected,
    publish: (topic, payload) => client.publishAsync(topic, payload, { qos: 1 }).then(() => undefined),
    close: () => client.endAsync().then(() => undefined),
  };
}
