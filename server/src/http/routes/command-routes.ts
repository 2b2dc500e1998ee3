import type { ServiceDeps } from '../../deps';
import { getCommand } from '../../services/commands/get-command';
import { listCommands } from '../../services/commands/list-commands';
import { previewCommandTarget } from '../../services/commands/preview-commands';
import { sendCommands, sendVehicleCommand } from '../../services/commands/send-commands';
import type { ListParams } from '../../services/lib/list-query';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };
type Body = Record<string, unknown>;

/** The command history, the preview of a send's target, and sending (decision 0073). */
export function commandRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.commands;
  return {
    listCommands: async (request) => listCommands(d, callerOf(request), request.query as ListParams),
    getCommand: async (request) => getCommand(d, callerOf(request), request.params as IdParams),
    previewCommandTarget: async (request) => previewCommandTarget(d, callerOf(request), request.body as Body),
    sendCommands: async (request, reply) => {
      const { status, commands, skipped } = await sendCommands(d, callerOf(request), request.body as Body);
      return reply.code(status).send({ commands, skipped, replayed: status === 200 });
    },
    // A repeat of an idempotency key answers the first answer again: 201 with the same command.
    sendVehicleCommand: async (request, reply) => {
      const { command } = await sendVehicleCommand(d, callerOf(request), {
        id: (request.params as IdParams).id,
        body: request.body as Body,
      });
      return reply.code(201).send(command);
    },
  };
}
