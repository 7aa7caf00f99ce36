import { http, HttpResponse } from "msw";
import { z } from "zod";
import { providerNow } from "../clock";
import type { Order, Payment, SandboxState, Ticket } from "../model";
import { TICKET_CATEGORIES, type TicketCategory } from "../model";
import { textPdf } from "../files";
import { priceRequest } from "../prices";
import {
  convert,
  domainModelOf,
  fail,
  pageOf,
  parseBody,
  requireAcceptModel,
  requireUser,
  type SandboxContext,
} from "./common";

/**
 * Orders (contracts) and what hangs on them: their requests, payments, the accounting report, the
 * agency's statement, and support tickets.
 */

/**
 * What a request costs now, priced from its hotel's contract, in its order's currency (a provider
 * allowing mixed currencies converts a request in another).
 */
function requestTotal(state: SandboxState, requestId: number, orderCurrency: string) {
  const request = state.requests.find((entry) => entry.id === requestId)!;
  const hotel = state.hotels.find(
    (entry) => entry.accommodationPropertyId === request.accommodationPropertyId,
  )!;
  const rooms = request.rooms.map((room) => ({
    roomType: hotel.roomTypes.find((entry) => entry.typeId === room.roomTypeId)!,
    selection: room,
  }));
  const { totalPrice } = priceRequest(
    hotel,
    rooms,
    { checkIn: request.checkIn, checkOut: request.checkOut },
    0,
  );
  return convert(totalPrice, hotel.currency, orderCurrency);
}

/** An order's figures: its requests, what they cost, what was paid (approved payments). */
const NOT_OWED = new Set(["Rejected", "Cancelled", "Refunded"]);

function orderFigures(state: SandboxState, order: Order) {
  const requests = state.requests.filter((request) => request.orderId === order.id);
  // What is owed: a request that was rejected, cancelled or refunded costs the agency nothing.
  const total = requests
    .filter((request) => !NOT_OWED.has(request.state))
    .reduce((sum, request) => sum + requestTotal(state, request.id, order.currency), 0);
  const paid = state.payments
    .filter((payment) => payment.orderId === order.id && payment.state === "Approved")
    .reduce((sum, payment) => sum + payment.amount, 0);
  const balance = Math.round((total - paid) * 100) / 100;
  const orderState = paid <= 0 ? "Open" : balance > 0 ? "PartlyPaid" : "Paid";
  return { requests, total, paid, balance, state: orderState };
}

function orderRow(state: SandboxState, order: Order) {
  const figures = orderFigures(state, order);
  return {
    Id: order.id,
    ContractNumber: order.contractNumber,
    CreateDate: order.createDate,
    RequestCount: figures.requests.length,
    TotalAmount: figures.total,
    PaidAmount: figures.paid,
    Balance: figures.balance,
    Currency: order.currency,
    State: figures.state,
  };
}

export function ownOrder(ctx: SandboxContext, agencyId: number, id: string | null) {
  const order = ctx.store.state.orders.find(
    (entry) => String(entry.id) === id && entry.agencyId === agencyId,
  );
  return order ?? fail(404, `No order ${id}.`);
}

/* ---------- Statement ---------- */

type StatementLine = {
  Id: string;
  Date: string;
  Type: "Debit" | "Credit";
  OrderId: number;
  ContractNumber: string;
  Description: string;
  Amount: number;
  Currency: string;
};

/** The agency's statement: each order's invoice (debit) and each approved payment (credit). */
function statementLines(state: SandboxState, agencyId: number): StatementLine[] {
  const orders = state.orders.filter((order) => order.agencyId === agencyId);
  const lines = orders.flatMap((order): StatementLine[] => [
    {
      Id: `I-${order.id}`,
      Date: order.createDate,
      Type: "Debit",
      OrderId: order.id,
      ContractNumber: order.contractNumber,
      Description: `Invoice for contract ${order.contractNumber}`,
      Amount: orderFigures(state, order).total,
      Currency: order.currency,
    },
    ...state.payments
      .filter((payment) => payment.orderId === order.id && payment.state === "Approved")
      .map(
        (payment): StatementLine => ({
          Id: `P-${payment.id}`,
          Date: payment.createDate,
          Type: "Credit",
          OrderId: order.id,
          ContractNumber: order.contractNumber,
          Description:
            payment.paymentType === "Receipt"
              ? `Receipt ${payment.receiptNumber} approved`
              : `${payment.paymentType} payment ${payment.id} approved`,
          Amount: payment.amount,
          Currency: payment.convertedCurrency,
        }),
      ),
  ]);
  return lines.sort((a, b) => a.Date.localeCompare(b.Date) || a.Id.localeCompare(b.Id));
}

const round = (amount: number) => Math.round(amount * 100) / 100;

function statement(state: SandboxState, agencyId: number, query: URLSearchParams) {
  const from = query.get("FromDate") || "0000-01-01";
  const to = query.get("ToDate") || "9999-12-31";
  const balances = new Map<string, number>();
  const opening = new Map<string, number>();
  const inRange: Array<StatementLine & { Balance: number }> = [];
  for (const line of statementLines(state, agencyId)) {
    const before = balances.get(line.Currency) ?? 0;
    const after = round(before + (line.Type === "Debit" ? line.Amount : -line.Amount));
    balances.set(line.Currency, after);
    if (line.Date < from) opening.set(line.Currency, after);
    else if (line.Date <= to) inRange.push({ ...line, Balance: after });
  }
  const currencies = [...balances.keys()].sort();
  const closing = new Map(opening);
  for (const line of inRange) closing.set(line.Currency, line.Balance);
  const list = (map: Map<string, number>) =>
    currencies.map((currency) => ({ Currency: currency, Balance: map.get(currency) ?? 0 }));
  return {
    OpeningBalances: list(opening),
    ClosingBalances: list(closing),
    TotalCount: inRange.length,
    Items: pageOf(query)(inRange),
  };
}

/* ---------- Tickets ---------- */

function ticketSummary(ticket: Ticket) {
  const last = ticket.messages.at(-1)!;
  return {
    Id: ticket.id,
    ParentId: null,
    OrderId: ticket.orderId,
    Subject: ticket.subject,
    TicketCategory: ticket.category,
    TicketCategoryValue: TICKET_CATEGORIES[ticket.category],
    IsClosed: ticket.isClosed,
    CreateDateTime: ticket.messages[0].createDateTime,
    LastUpdateDateTime: last.createDateTime,
    MessageCount: ticket.messages.length,
  };
}

function ticketThread(ticket: Ticket) {
  return {
    ...ticketSummary(ticket),
    Tickets: ticket.messages.map((message, index) => ({
      Id: message.id,
      ParentId: index === 0 ? null : ticket.id,
      Content: message.content,
      CreatorUserName: message.creatorUserName,
      IsBroker: message.isBroker,
      CreateDateTime: message.createDateTime,
    })),
  };
}

const newTicketSchema = z.object({
  OrderId: z.number().int(),
  TicketCategory: z.number().int().min(1).max(5),
  Subject: z.string().trim().min(1).max(120),
  Content: z.string().trim().min(1).max(4000),
});
const replySchema = z.object({
  ParentId: z.number().int(),
  Content: z.string().trim().min(1).max(4000),
});

/* ---------- A PDF accounting report ---------- */

/** The order's figures, requests and payments, as a PDF. */
function accountingReportPdf(state: SandboxState, order: Order, payments: Payment[]) {
  const figures = orderFigures(state, order);
  const lines = [
    `Accounting report: contract ${order.contractNumber}`,
    `Date ${order.createDate}    Currency ${order.currency}`,
    "",
    ...figures.requests.map(
      (request) =>
        `Request ${request.requestNumber}  ${request.checkIn} to ${request.checkOut}  ${requestTotal(state, request.id, order.currency)}`,
    ),
    "",
    ...payments.map(
      (payment) =>
        `Payment ${payment.id}  ${payment.paymentType}  ${payment.createDate}  ${payment.amount} ${payment.convertedCurrency}  ${payment.state}`,
    ),
    "",
    `Total ${figures.total}   Paid ${figures.paid}   Balance ${figures.balance}`,
  ];
  return textPdf(lines);
}

export function orderHandlers(ctx: SandboxContext) {
  const { store, base } = ctx;
  return [
    http.get(`${base}/api/OrderClient`, ({ request }) => {
      const { agency } = requireUser(ctx, request);
      requireAcceptModel(request, "OrderGrid");
      const query = new URL(request.url).searchParams;
      const param = (name: string) => query.get(name)?.trim() || null;
      const { state } = store;
      const rows = state.orders
        .filter((order) => order.agencyId === agency.id)
        .map((order) => orderRow(state, order))
        .filter(
          (row) =>
            (!param("ContractNumber") ||
              row.ContractNumber.toLowerCase().includes(param("ContractNumber")!.toLowerCase())) &&
            (!param("FromDate") || row.CreateDate >= param("FromDate")!) &&
            (!param("ToDate") || row.CreateDate <= param("ToDate")!) &&
            (!param("State") || row.State === param("State")),
        )
        .sort((a, b) => b.CreateDate.localeCompare(a.CreateDate) || b.Id - a.Id);
      return HttpResponse.json({ Items: pageOf(query)(rows), TotalCount: rows.length });
    }),

    http.get(`${base}/api/OrderClient/:id`, ({ request, params }) => {
      const { agency } = requireUser(ctx, request);
      requireAcceptModel(request, "OrderDetails");
      const { state } = store;
      const order = ownOrder(ctx, agency.id, String(params.id));
      const figures = orderFigures(state, order);
      return HttpResponse.json({
        ...orderRow(state, order),
        Requests: figures.requests.map((entry) => {
          const hotel = state.hotels.find(
            (h) => h.accommodationPropertyId === entry.accommodationPropertyId,
          )!;
          return {
            Id: entry.id,
            RequestNumber: entry.requestNumber,
            HotelName: hotel.hotelName,
            CheckInDate: entry.checkIn,
            CheckoutDate: entry.checkOut,
            State: entry.state,
            TotalPrice: requestTotal(state, entry.id, order.currency),
          };
        }),
      });
    }),

    // With an id: the order's accounting report (a file). Without: the agency's statement.
    http.get(`${base}/api/AccountingReportClient/:id`, ({ request, params }) => {
      const { agency } = requireUser(ctx, request);
      requireAcceptModel(request, null);
      const order = ownOrder(ctx, agency.id, String(params.id));
      const payments = store.state.payments.filter((payment) => payment.orderId === order.id);
      return new HttpResponse(accountingReportPdf(store.state, order, payments), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="accounting-report-${order.contractNumber}.pdf"`,
        },
      });
    }),
    http.get(`${base}/api/AccountingReportClient`, ({ request }) => {
      const { agency } = requireUser(ctx, request);
      requireAcceptModel(request, "AgencyStatement");
      const query = new URL(request.url).searchParams;
      return HttpResponse.json(statement(store.state, agency.id, query));
    }),

    http.get(`${base}/api/OrderTicketClient`, ({ request }) => {
      const { agency } = requireUser(ctx, request);
      requireAcceptModel(request, "OrderTicketList");
      const order = ownOrder(ctx, agency.id, new URL(request.url).searchParams.get("orderId"));
      return HttpResponse.json(
        store.state.tickets
          .filter((ticket) => ticket.orderId === order.id)
          .map(ticketSummary)
          .sort((a, b) => b.LastUpdateDateTime.localeCompare(a.LastUpdateDateTime)),
      );
    }),
    http.get(`${base}/api/OrderTicketClient/:id`, ({ request, params }) => {
      const { agency } = requireUser(ctx, request);
      requireAcceptModel(request, "OrderTicket");
      const ticket = store.state.tickets.find(
        (entry) => String(entry.id) === params.id && entry.agencyId === agency.id,
      );
      if (!ticket) return fail(404, `No ticket ${params.id}.`);
      return HttpResponse.json(ticketThread(ticket));
    }),
    http.post(`${base}/api/OrderTicketClient`, async ({ request }) => {
      const { user, agency } = requireUser(ctx, request);
      requireAcceptModel(request, null);
      const model = domainModelOf(request.headers.get("Content-Type"));
      const message = (content: string) => ({
        id: store.nextId(),
        content,
        creatorUserName: user.userName,
        isBroker: false,
        createDateTime: providerNow(),
      });
      if (model === "CreateOrderTicket") {
        const body = await parseBody(request, newTicketSchema);
        const order = ownOrder(ctx, agency.id, String(body.OrderId));
        const ticket: Ticket = {
          id: store.nextId(),
          orderId: order.id,
          agencyId: agency.id,
          category: body.TicketCategory as TicketCategory,
          subject: body.Subject,
          isClosed: false,
          messages: [message(body.Content)],
        };
        store.state.tickets.push(ticket);
        store.save();
        return HttpResponse.json({ Id: ticket.id }, { status: 201 });
      }
      if (model === "OrderTicketReply") {
        const body = await parseBody(request, replySchema);
        const ticket = store.state.tickets.find(
          (entry) => entry.id === body.ParentId && entry.agencyId === agency.id,
        );
        if (!ticket) return fail(404, `No ticket ${body.ParentId}.`);
        if (ticket.isClosed) fail(400, "This ticket is resolved; open a new one.");
        ticket.messages.push(message(body.Content));
        store.save();
        if (store.state.rules.emptyWriteAnswers) return new HttpResponse(null, { status: 204 });
        return HttpResponse.json({ Id: ticket.messages.at(-1)!.id }, { status: 201 });
      }
      return fail(400, "Name the body's domain model on Content-Type.");
    }),
  ];
}
