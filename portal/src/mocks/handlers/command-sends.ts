import type { CommandPublisher } from '@services/commands/command-store';
import { previewCommandTarget } from '@services/commands/preview-commands';
import { sendCommands, sendVehicleCommand } from '@services/commands/send-commands';
import type { CommandRequest } from '@/domain/live-payloads';
import { answering } from '../adapter/answer';
import type { WorldDb } from '../world/db';
import { getWorldDb } from '../world/world-instance';
import { acknowledgeDelayOf, acknowledgeResultIn, commandCall } from './commands';
import type { ApiHttp } from './http';
import { readJsonObject } from './lib/body';

/** Where a sent command goes as the backend would publish it: the demo's in-page broker emulation. */
export interface CommandBroker {
  sendCommand(request: Omit<CommandRequest, 'v' | 'ts'>): void;
}

export interface CommandHandlerOptions {
  /**
   * With a broker, a sent command is also published as a command request, so the simulated vehicle acknowledges it
   * live (with the same result the REST history settles to).
   */
  broker?: CommandBroker;
}

/**
 * The services' publish port in the demo: the request goes to the in-page broker with what the simulated vehicle is
 * to answer (`simulate`), and when, so the live acknowledgement arrives when the REST history settles, not earlier.
 */
export function brokerPublisher(db: WorldDb, broker: CommandBroker | undefined): CommandPublisher {
  return (_topic, message) => {
    // Only command requests: the in-page broker's simulated vehicles publish their own acknowledgements.
    if (!broker || !('name' in message)) return;
    const result = acknowledgeResultIn(db, { vehicleId: message.vehicleUid, code: message.name });
    const params: Record<string, string | number | boolean> = { ...(message.params ?? {}) };
    if (result === null) params.simulate = 'timeout';
    else if (result === 3) params.simulate = 'fail';
    if (result !== null) {
      params.simulateDelayMs = acknowledgeDelayOf(message.commandId, {
        code: message.name,
        payload: message.params ?? null,
      });
    }
    broker.sendCommand({
      commandId: message.commandId,
      vehicleUid: message.vehicleUid,
      ...(message.deviceUid ? { deviceUid: message.deviceUid } : {}),
      kind: message.kind,
      name: message.name,
      ...(Object.keys(params).length > 0 ? { params } : {}),
    });
  };
}

/**
 * Sending commands (decision 0073): `POST /commands/preview` and `POST /commands/send` to one vehicle, a device group or
 * a history filter, and `POST /vehicles/{id}/commands` to one vehicle or one of its devices; adapters over the
 * command services.
 */
export function createCommandSendHandlers(http: ApiHttp, { broker }: CommandHandlerOptions = {}) {
  const call = async (request: Request) => commandCall(request, brokerPublisher(await getWorldDb(), broker));
  return [
    http.post('/commands/preview', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller, done } = await call(request);
        try {
          const body = await readJsonObject(request);
          return response(200).json(await previewCommandTarget(deps, caller, body));
        } finally {
          await done();
        }
      }),
    ),

    http.post('/commands/send', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller, done } = await call(request);
        try {
          const body = await readJsonObject(request);
          const { status, commands, skipped } = await sendCommands(deps, caller, body);
          return response(status).json({ commands, skipped, replayed: status === 200 });
        } finally {
          await done();
        }
      }),
    ),

    // A repeat of an idempotency key answers the first answer again: 201 with the same command.
    http.post('/vehicles/{id}/commands', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller, done } = await call(request);
        try {
          const body = await readJsonObject(request);
          const { command } = await sendVehicleCommand(deps, caller, { id: params.id, body });
          return response(201).json(command);
        } finally {
          await done();
        }
      }),
    ),
  ];
}
