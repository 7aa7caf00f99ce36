import { z } from "zod";
import { providerRequest, type ProviderContext } from "./request.server";

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

/** GET ?orderId= as OrderTicketList: an order's tickets, last updated first. */
export function getTickets(ctx: ProviderContext, orderId: number) {
  return providerRequest(
    ctx,
    {
      operation: "tickets.getTickets",
      path: TICKETS,
      query: { orderId },
      responseModel: "OrderTicketList",
    },
    z.array(ticketSummarySchema),
  );
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

/** GET /{id} as OrderTicket: a ticket and its thread (its first message, then the replies). */
export function getTicket(ctx: ProviderContext, ticketId: number) {
  return providerRequest(
    ctx,
    {
      operation: "tickets.getTicket",
      path: `${TICKETS}/${ticketId}`,
      responseModel: "OrderTicket",
    },
    ticketSchema,
  );
}

/** POST as CreateOrderTicket: opens a ticket on an order. */
export function openTicket(
  ctx: ProviderContext,
  ticket: { OrderId: number; TicketCategory: number; Subject: string; Content: string },
) {
  return providerRequest(
    ctx,
    {
      operation: "tickets.openTicket",
      method: "POST",
      path: TICKETS,
      bodyModel: "CreateOrderTicket",
      json: ticket,
    },
    z.object({ Id: z.number() }),
  );
}

/** POST as OrderTicketReply: a reply on an open ticket. */
export async function replyToTicket(
  ctx: ProviderContext,
  reply: { ParentId: number; Content: string },
) {
  await providerRequest(
    ctx,
    {
      operation: "tickets.replyToTicket",
      method: "POST",
      path: TICKETS,
      bodyModel: "OrderTicketReply",
      json: reply,
    },
    z.unknown(),
  );
}
