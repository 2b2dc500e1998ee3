import type { components } from '@/domain/api-schema';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';

/** A ticket as the Fleet API lists it, and with its conversation and history (generated from openapi.yaml). */
export type ApiTicket = components['schemas']['Ticket'];
export type ApiTicketDetail = components['schemas']['TicketDetail'];
export type ApiTicketMessage = components['schemas']['TicketMessage'];
export type TicketInput = components['schemas']['TicketInput'];
export type TicketMessageInput = components['schemas']['TicketMessageInput'];
export type TicketAssignees = components['schemas']['TicketAssignees'];
