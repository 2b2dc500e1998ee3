import type mqtt from 'mqtt';

/** The QoS the broker granted, or 128 when it refused the filter (mqtt.js reports a refusal as an error). */
export async function grantedQos(client: mqtt.MqttClient, topic: string): Promise<number> {
  try {
    const granted = await client.subscribeAsync(topic, { qos: 1 });
    return granted[0]?.qos ?? -1;
  } catch (error) {
    const packet = (error as { packet?: { granted?: number[] } }).packet;
    if (packet?.granted?.[0] === 128) return 128;
    throw error;
  }
}

/** A vehicle's telemetry message as `portal/api/live-topics.md` gives it, at `ts` with `soc`. */
export function telemetry(vehicleId: string, ts: number, soc: number): string {
  return JSON.stringify({
    v: 1,
    vehicleUid: vehicleId,
    ts,
    state: 66,
    soc,
    speed: 41.5,
    odometer: 12345.6,
    position: { lat: 18.5311, lon: 73.8442, heading: 90 },
    pack: { voltage: 51.2, current: 12.5, temperatures: [30.5, 31] },
    faults: [],
  });
}

/** A vehicle's telemetry topic (the seeded world's tile). */
export const telemetryTopic = (vehicleId: string) => `voltline/v1/telemetry/12-2888-1833/${vehicleId}`;
