import {
  COMMAND_DEFAULT_EXPIRY_S,
  COMMAND_MAX_EXPIRY_S,
  COMMAND_MAX_TARGETS,
  COMMAND_MIN_EXPIRY_S,
  cleanCommandPayload,
  commandPayloadErrors,
} from '@/domain/command-params';
import { ACTION } from '@/domain/permissions';
import { appendAudit, canonicalJson, diffFields } from '../audit/audit-chain';
import type { Schemas } from '../lib/api-types';
import { conflict, FieldErrors, notFound, validationFailed } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { sha256Hex } from '../lib/web-crypto';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import { expireDue } from './command-expiry';
import { ruleCommandIdOf } from './rule-command-outcome';
import { requireVehicleSend } from './command-scope';
import type { CommandDeps, CommandRequestMessage } from './command-store';
import {
  commandsOf,
  confirmationWordFor,
  readTarget,
  resolveTarget,
  sourceOf,
  type Target,
  type TargetInput,
  targetVehicles,
} from './command-targets';
import {
  COMMAND_AUDIT_ENTITY,
  type Command,
  DEVICE_SEND_KEYS,
  type DeviceKind,
  type NewCommand,
  type TargetVehicle,
} from './command-types';

type Skipped = Schemas['CommandSendResult']['skipped'];

/** A send's answer: 201 with the new commands, or 200 with the first send's when it repeats an idempotency key. */
export interface SendOutcome {
  status: 200 | 201;
  commands: Command[];
  skipped: Skipped;
}

/** The vehicles of a send whose models lack its command: listed, not an error (decision 0073). */
function skippedOf(plan: readonly { vehicle: TargetVehicle }[]): Skipped {
  return plan.map(({ vehicle }) => ({
    vehicleId: vehicle.id,
    vin: vehicle.vin,
    reason: 'Its model has no such command.',
  }));
}

/** The topic a vehicle's command requests go to (live-topics.md). */
export const commandTopicOf = (vehicleId: string) => `voltline/v1/vehicles/${vehicleId}/commands`;

/** A command as the request the broker carries to its vehicle (live-topics.md "Command request"). */
export function commandRequestOf(command: Command, now: Date): CommandRequestMessage {
  return {
    v: 1,
    commandId: command.id,
    vehicleUid: command.vehicleId,
    ...(command.deviceId ? { deviceUid: command.deviceId } : {}),
    kind: command.kind,
    name: command.code,
    ...(command.payload && Object.keys(command.payload).length > 0 ? { params: { ...command.payload } } : {}),
    ts: now.getTime(),
  };
}

/**
 * Checks a send and creates its commands, all or none (decision 0073): the command exists for the target, the
 * payload fits its parameters, the expiry is in range, a safety-critical command is confirmed. A repeat of an
 * idempotency key by the same user before the first send's commands expire answers those commands and creates
 * nothing; the same key with another request is 409. Each command is audited (Command / Add) in the transaction and
 * published to its vehicle's command topic once committed; it stays Pending until acknowledged or expired.
 */
async function send(
  deps: CommandDeps,
  caller: Caller,
  targetInput: TargetInput,
  target: Target,
  body: Record<string, unknown>,
  /** `POST /commands/send` requires both (its CommandSendRequest); a vehicle's details send without them. */
  required: { idempotencyKey: boolean; expiresInS: boolean },
): Promise<SendOutcome> {
  const errors = new FieldErrors();
  if (required.idempotencyKey && body.idempotencyKey === undefined) {
    errors.add('idempotencyKey', 'An idempotency key is required.');
  }
  if (required.expiresInS && body.expiresInS === undefined) errors.add('expiresInS', 'An expiry is required.');
  const code = typeof body.code === 'string' ? body.code.trim() : '';
  const vehicles = targetVehicles(target);
  if (target.kind !== 'vehicle' && target.truncated) {
    errors.add(
      'target',
      `This target holds ${target.total} vehicles; one send reaches at most ${COMMAND_MAX_TARGETS}.`,
    );
  }
  if (vehicles.length === 0) errors.add('target', 'The target holds no vehicles you can reach.');
  const key = body.idempotencyKey;
  const keyOk = typeof key === 'string' && key.length >= 8 && key.length <= 100;
  if (key !== undefined && !keyOk) errors.add('idempotencyKey', 'The idempotency key must be 8 to 100 characters.');
  const idempotencyKey = keyOk ? (key as string) : null;
  const expiresInS = body.expiresInS === undefined ? COMMAND_DEFAULT_EXPIRY_S : body.expiresInS;
  if (
    typeof expiresInS !== 'number' ||
    !Number.isInteger(expiresInS) ||
    expiresInS < COMMAND_MIN_EXPIRY_S ||
    expiresInS > COMMAND_MAX_EXPIRY_S
  ) {
    errors.add(
      'expiresInS',
      `Expiry must be a whole number of seconds from ${COMMAND_MIN_EXPIRY_S} to ${COMMAND_MAX_EXPIRY_S}.`,
    );
  }
  const plan = vehicles.map((vehicle) => ({ vehicle, source: sourceOf(vehicle, code) }));
  const def = plan.find((p) => p.source)?.source?.def;
  if (!code) errors.add('code', 'Choose a command.');
  else if (!def) {
    errors.add(
      'code',
      target.kind === 'vehicle'
        ? 'Choose a command of this vehicle model.'
        : 'No vehicle of this target has this command.',
    );
  }
  const rawParams = body.params ?? {};
  if (typeof rawParams !== 'object' || rawParams === null || Array.isArray(rawParams)) {
    errors.add('params', 'Parameters must be an object.');
  } else if (def) {
    for (const [name, message] of Object.entries(
      commandPayloadErrors(def.parameters, rawParams as Record<string, unknown>),
    )) {
      errors.add(`params.${name}`, message);
    }
  }
  if (def?.safetyCritical) {
    const word = confirmationWordFor(target, code);
    const typed = typeof body.confirmation === 'string' ? body.confirmation.trim().toUpperCase() : '';
    if (typed !== word.toUpperCase()) {
      errors.add('confirmation', `${def.name} is safety-critical: type ${word} to confirm.`);
    }
  }
  // What the key stands for: the request but the confirmation (a check of it, not part of what is sent).
  const requestHash = await sha256Hex(
    canonicalJson({ target: targetInput, code, params: rawParams, expiresInS: expiresInS ?? null }),
  );

  const now = deps.now();
  await expireDue(deps.commands, now);
  const outcome = await deps.transact(async (tx): Promise<SendOutcome> => {
    if (idempotencyKey) {
      await tx.commands.lockKey(caller.user.id, idempotencyKey);
      const earlier = await tx.commands.sentWithKey(caller.user.id, idempotencyKey, now.toISOString());
      if (earlier.length > 0) {
        if (earlier.some((e) => e.requestHash !== requestHash)) {
          throw conflict('This idempotency key was already used for another request.', {
            idempotencyKey: 'Already used for another request; start a new send.',
          });
        }
        // The first answer again: its commands (as they are now) in the target's order, and the vehicles skipped.
        const order = new Map(plan.map((p, i) => [p.vehicle.id, i]));
        const at = (c: Command) => order.get(c.vehicleId) ?? plan.length;
        const commands = earlier.map((e) => e.command).sort((a, b) => at(a) - at(b));
        return { status: 200, commands, skipped: skippedOf(plan.filter((p) => !p.source)) };
      }
    }
    errors.throwIfAny();
    const payload = def?.parameters?.length
      ? cleanCommandPayload(def.parameters, rawParams as Record<string, unknown>)
      : null;
    const sentAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + (expiresInS as number) * 1000).toISOString();
    const created: Command[] = [];
    const skipped: Skipped = [];
    for (const { vehicle, source } of plan) {
      if (!source) {
        skipped.push(...skippedOf([{ vehicle }]));
        continue;
      }
      const row: NewCommand = {
        id: `cmd-${crypto.randomUUID()}`,
        vehicleId: vehicle.id,
        deviceId: source.deviceId,
        deviceKind: source.kind,
        code: source.def.code,
        name: source.def.name,
        kind: 'Device',
        status: 1,
        sentAt,
        expiresAt,
        sentBy: caller.user.id,
        payload,
        idempotencyKey,
        requestHash: idempotencyKey ? requestHash : null,
      };
      await tx.commands.insert(row);
      const command = (await tx.commands.get(row.id, vehicleScopeOf(caller))) as Command;
      await appendAudit(
        tx.audit,
        caller,
        {
          entity: COMMAND_AUDIT_ENTITY,
          entityId: row.id,
          action: 'Add',
          summary: `Sent ${source.def.name} to ${vehicle.vin}`,
          changes: diffFields(null, command),
        },
        now,
      );
      created.push(command);
    }
    return { status: 201, commands: created, skipped };
  });
  if (outcome.status === 201) await publishRequests(deps, outcome.commands, now);
  return outcome;
}

/**
 * Publishes committed commands to their vehicles' command topics. Committed first: a publish that fails leaves the
 * command pending, and it expires as an unanswered one does.
 */
async function publishRequests(deps: CommandDeps, commands: readonly Command[], now: Date): Promise<void> {
  for (const command of commands) {
    try {
      await deps.publish(commandTopicOf(command.vehicleId), commandRequestOf(command, now));
    } catch {
      // The broker is down or refused it; nothing more to do here.
    }
  }
}

/** POST /commands/send: one command to a vehicle, a device group's members or a history filter's vehicles. */
export async function sendCommands(
  deps: CommandDeps,
  caller: Caller,
  input: Record<string, unknown>,
): Promise<SendOutcome> {
  requirePermission(caller, 'cmd', ACTION.ADD);
  const targetInput = readTarget(input.target);
  const target = await resolveTarget(deps, caller, targetInput);
  return send(deps, caller, targetInput, target, input, { idempotencyKey: true, expiresInS: true });
}

/**
 * POST /vehicles/{id}/commands: one of the vehicle's commands from its details (or a device's), with the same checks
 * as a send; who may send which is `command-scope.ts`. A vehicle outside the caller's scope is 404.
 */
export async function sendVehicleCommand(
  deps: CommandDeps,
  caller: Caller,
  input: { id: string; body: Record<string, unknown> },
): Promise<SendOutcome & { command: Command }> {
  requirePermission(caller, { anyOf: ['vh.l.d.c.s', ...DEVICE_SEND_KEYS] }, ACTION.ADD);
  const targetInput = { vehicleId: input.id };
  const vehicle = await deps.commands.vehicle(input.id, vehicleScopeOf(caller));
  if (!vehicle) throw notFound('Vehicle');
  const source = typeof input.body.code === 'string' ? sourceOf(vehicle, input.body.code.trim()) : undefined;
  if (source) requireVehicleSend(caller, source.kind);
  const outcome = await send(deps, caller, targetInput, { kind: 'vehicle', vehicle }, input.body, {
    idempotencyKey: false,
    expiresInS: false,
  });
  const command = outcome.commands[0];
  if (!command) throw validationFailed({ code: 'Choose a command of this vehicle model.' });
  return { ...outcome, command };
}

export { ruleCommandIdOf } from './rule-command-outcome';

/** What sending a rule's command did: sent (or already sent for this firing), or why it was not. */
export type RuleCommandOutcome = { sent: true; command: Command; replayed: boolean } | { sent: false; reason: string };

/**
 * A rule's command (delivery method Command 32) for one firing, the server's and the demo's rule chain alike
 * (`rules/rule-chain.ts`): the send path of `POST /commands/send` with the rule as its sender. The vehicle's model (an
 * EV rule) or its fitted device of the rule's kind must offer the code, and the command must need no parameter (a rule
 * gives none); the command expires after the default expiry; one firing sends one command however often it is
 * recorded (its id is the notification's); it is committed, then published to the vehicle's command topic, and stays
 * Pending until the vehicle acknowledges it or it expires. Not audited: its sender is the rule, as for the rule's
 * notification and ticket. A refusal is answered, not thrown: the notification records it as its command delivery.
 */
export async function sendRuleCommand(
  deps: CommandDeps,
  input: {
    rule: { id: string; name: string; deviceKind: DeviceKind; commandCode: string | null };
    vehicleId: string;
    notificationId: string;
  },
): Promise<RuleCommandOutcome> {
  const { rule } = input;
  if (!rule.commandCode) return { sent: false, reason: 'The rule names no command.' };
  const vehicle = await deps.commands.vehicle(input.vehicleId, null);
  if (!vehicle) return { sent: false, reason: 'The vehicle no longer exists.' };
  const source = commandsOf(vehicle).find((s) => s.kind === rule.deviceKind && s.def.code === rule.commandCode);
  if (!source) {
    const what = rule.deviceKind === 'EV' ? "The vehicle's model" : `The vehicle's fitted ${rule.deviceKind}`;
    return { sent: false, reason: `${what} has no command ${rule.commandCode}.` };
  }
  const missing = Object.values(commandPayloadErrors(source.def.parameters, {}));
  if (missing.length > 0) {
    return { sent: false, reason: `${source.def.name} needs parameters a rule does not give: ${missing.join(' ')}` };
  }
  const now = deps.now();
  await expireDue(deps.commands, now);
  const id = await ruleCommandIdOf(input.notificationId);
  const outcome = await deps.transact(async (tx) => {
    const earlier = await tx.commands.get(id, null);
    if (earlier) return { command: earlier, replayed: true };
    await tx.commands.insert({
      id,
      vehicleId: vehicle.id,
      deviceId: source.deviceId,
      deviceKind: source.kind,
      code: source.def.code,
      name: source.def.name,
      kind: 'Rule',
      status: 1,
      sentAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + COMMAND_DEFAULT_EXPIRY_S * 1000).toISOString(),
      sentBy: null,
      ruleId: rule.id,
      ruleName: rule.name,
      payload: null,
      idempotencyKey: null,
      requestHash: null,
    });
    return { command: (await tx.commands.get(id, null)) as Command, replayed: false };
  });
  if (!outcome.replayed) await publishRequests(deps, [outcome.command], now);
  return { sent: true, ...outcome };
}
