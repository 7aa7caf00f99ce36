import { z } from "zod";
import { callProvider, defineCall } from "./call.server";
import type { ProviderContext } from "./request.server";

/** Support tickets on an order: /api/OrderTicketClient. */

const TICKETS = "/api/OrderTicketClient";

const ticketSummarySchema = z.object({
  Id: z.number(),
  OrderId: z.number(),
  Subject: z.string(),
  TicketCategory: z.number(),
  TicketCategoryValue: z.string().nullish(),
  IsClosed: z.boolean(),
  CreateDateTime: z.string(),
  LastUpdateDateTime: z.string(),
  MessageCount: z.number(),
});

const ticketsCall = defineCall({
  operation: "tickets.getTickets",
  summary: "An order's support tickets, last updated first",
  path: TICKETS,
  token: true,
  query: z.object({ orderId: z.number().int() }),
  responseModel: "OrderTicketList",
  answer: z.array(ticketSummarySchema),
});

/** GET ?orderId= as OrderTicketList: an order's tickets, last updated first. */
export function getTickets(ctx: ProviderContext, orderId: number) {
  return callProvider(ctx, ticketsCall, { query: { orderId } });
}

const ticketSchema = ticketSummarySchema.extend({
  Tickets: z.array(
    z.object({
      Id: z.number(),
      ParentId: z.number().nullable(),
      Content: z.string(),
      CreatorUserName: z.string(),
      IsBroker: z.boolean(),
      CreateDateTime: z.string(),
    }),
  ),
});

const ticketCall = defineCall({
  operation: "tickets.getTicket",
  summary: "A ticket and its thread: its first message, then the replies, oldest first",
  path: `${TICKETS}/{ticketId}`,
  token: true,
  params: z.object({ ticketId: z.number().int() }),
  responseModel: "OrderTicket",
  answer: ticketSchema,
});

/** GET /{id} as OrderTicket: a ticket and its thread (its first message, then the replies). */
export function getTicket(ctx: ProviderContext, ticketId: number) {
  return callProvider(ctx, ticketCall, { params: { ticketId } });
}

const newTicketSchema = z.object({
  OrderId: z.number().int(),
  TicketCategory: z.number().int(),
  Subject: z.string().min(1),
  Content: z.string().min(1),
});

const openTicketCall = defineCall({
  operation: "tickets.openTicket",
  summary: "Opens a support ticket on an order, with its first message",
  method: "POST",
  path: TICKETS,
  token: true,
  body: { model: "CreateOrderTicket", json: newTicketSchema },
  answer: z.object({ Id: z.number() }),
  status: 201,
});

/** POST as CreateOrderTicket: opens a ticket on an order. */
export function openTicket(ctx: ProviderContext, ticket: z.infer<typeof newTicketSchema>) {
  return callProvider(ctx, openTicketCall, { json: ticket });
}

const ticketReplySchema = z.object({
  ParentId: z.number().int().describe("The ticket's Id"),
  Content: z.string().min(1),
});

const replyToTicketCall = defineCall({
  operation: "tickets.replyToTicket",
  summary: "A reply on an open ticket",
  method: "POST",
  path: TICKETS,
  token: true,
  body: { model: "OrderTicketReply", json: ticketReplySchema },
  answer: z.object({ Id: z.number().describe("The reply's Id") }),
  status: 201,
  orEmpty: true,
});

/** POST as OrderTicketReply: a reply on an open ticket. */
export async function replyToTicket(
  ctx: ProviderContext,
  reply: z.infer<typeof ticketReplySchema>,
) {
  await callProvider(ctx, replyToTicketCall, { json: reply });
}

export const ticketsCalls = [ticketsCall, ticketCall, openTicketCall, replyToTicketCall];
