import type { FastifyReply, FastifyRequest } from 'fastify';

/** One operation's adapter: reads the request, calls the service, writes the answer. No rules here. */
export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type OperationHandlers = Record<string, RouteHandler>;
