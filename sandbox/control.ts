import { providerNow, providerToday } from "./clock";
import { http, HttpResponse } from "msw";
import { z } from "zod";
import { REQUEST_STATES } from "./model";
import type { CallLog } from "./call-log";
import type { FaultList } from "./faults";
import { parseBody, type SandboxContext } from "./api/common";

const faultSchema = z.object({
  path: z.string().min(1),
  method: z.string().optional(),
  model: z.string().optional(),
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  status: z.number().int().min(100).max(599).optional(),
  body: z.unknown().optional(),
  malformed: z.boolean().optional(),
  drop: z.boolean().optional(),
  skip: z.number().int().min(0).max(1000).optional(),
});

const rulesSchema = z
  .object({
    singleCurrencyOrders: z.boolean(),
    emptyWriteAnswers: z.boolean(),
    paymentDeadlineFilter: z.boolean(),
  })
  .partial();

/**
 * /__sandbox/*: what a test needs to set the stage and to look behind it. Not part of the provider's
 * API; a real provider has nothing like it.
 */
export function controlHandlers(ctx: SandboxContext, faults: FaultList, calls: CallLog) {
  const { store, base } = ctx;
  const findRequest = (id: string) => {
    const request = store.state.requests.find((entry) => String(entry.id) === id);
    if (!request) throw HttpResponse.json({ Message: `No request ${id}` }, { status: 404 });
    return request;
  };
  return [
    http.post(`${base}/__sandbox/reset`, () => {
      store.reset();
      faults.clear();
      calls.clear();
      return HttpResponse.json({ ok: true });
    }),
    http.get(`${base}/__sandbox/state`, () => HttpResponse.json(store.state)),
    // Which provider the sandbox plays, where providers differ (model.ts, ProviderRules).
    http.post(`${base}/__sandbox/rules`, async ({ request }) => {
      store.state.rules = { ...store.state.rules, ...(await parseBody(request, rulesSchema)) };
      store.save();
      return HttpResponse.json(store.state.rules);
    }),

    http.post(`${base}/__sandbox/requests/:id/state`, async ({ request, params }) => {
      const { state } = await parseBody(request, z.object({ state: z.enum(REQUEST_STATES) }));
      const reserveRequest = findRequest(String(params.id));
      reserveRequest.state = state;
      store.save();
      return HttpResponse.json({ id: reserveRequest.id, state });
    }),
    // A large agency: `count` more requests waiting for payment, copies of one of its own, their
    // deadlines a week to two months away (none due soon: the seed's due ones stay the only ones).
    http.post(`${base}/__sandbox/agencies/:id/waiting-requests`, async ({ request, params }) => {
      const { count } = await parseBody(
        request,
        z.object({ count: z.number().int().min(1).max(20_000) }),
      );
      const model = store.state.requests.find(
        (entry) => String(entry.agencyId) === params.id && entry.state === "PaymentPending",
      );
      if (!model) return HttpResponse.json({ Message: "No such agency" }, { status: 404 });
      const now = Date.parse(`${providerNow()}Z`);
      for (let index = 0; index < count; index++) {
        const id = store.nextId();
        const deadline = new Date(now + (7 + (index % 53)) * 86_400_000).toISOString();
        store.state.requests.push({
          ...structuredClone(model),
          id,
          requestNumber: `HR-${id}`,
          notes: [],
          paymentDeadlineDateTime: deadline.slice(0, 19),
        });
      }
      store.save();
      return HttpResponse.json({ added: count }, { status: 201 });
    }),
    // The provider's desk sets a request's payment deadline (provider wall-clock time).
    http.post(`${base}/__sandbox/requests/:id/payment-deadline`, async ({ request, params }) => {
      const { dateTime } = await parseBody(
        request,
        z.object({ dateTime: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/) }),
      );
      const reserveRequest = findRequest(String(params.id));
      reserveRequest.paymentDeadlineDateTime = dateTime;
      store.save();
      return HttpResponse.json({ id: reserveRequest.id, paymentDeadlineDateTime: dateTime });
    }),
    http.post(`${base}/__sandbox/requests/:id/notes`, async ({ request, params }) => {
      const { content } = await parseBody(request, z.object({ content: z.string().min(1) }));
      const reserveRequest = findRequest(String(params.id));
      const note = {
        id: store.nextId(),
        content,
        createDateTime: providerNow(),
        creatorUserName: "provider.desk",
        isBroker: true,
        isRead: false,
      };
      reserveRequest.notes.push(note);
      store.save();
      return HttpResponse.json(note, { status: 201 });
    }),

    // The provider publishes an announcement, shown from today on.
    http.post(`${base}/__sandbox/announcements`, async ({ request }) => {
      const { title, body } = await parseBody(
        request,
        z.object({ title: z.string().min(1), body: z.string().min(1) }),
      );
      const today = providerToday();
      const announcement = { id: store.nextId(), title, body, startDate: today, endDate: today };
      store.state.announcements.push(announcement);
      store.save();
      return HttpResponse.json(announcement, { status: 201 });
    }),

    // The provider's desk opens the thread: the agency's notes show as read.
    http.post(`${base}/__sandbox/requests/:id/notes/read`, ({ params }) => {
      const reserveRequest = findRequest(String(params.id));
      reserveRequest.notes.forEach((note) => {
        if (!note.isBroker) note.isRead = true;
      });
      store.save();
      return HttpResponse.json({ ok: true });
    }),

    // The provider's accounting decides on a payment.
    http.post(`${base}/__sandbox/payments/:id/state`, async ({ request, params }) => {
      const { state } = await parseBody(
        request,
        z.object({ state: z.enum(["New", "Approved", "Rejected", "Refunded"]) }),
      );
      const payment = store.state.payments.find((entry) => String(entry.id) === params.id);
      if (!payment)
        return HttpResponse.json({ Message: `No payment ${params.id}` }, { status: 404 });
      payment.state = state;
      store.save();
      return HttpResponse.json({ id: payment.id, state });
    }),
    // The provider's desk answers a ticket, or resolves (closes) it.
    http.post(`${base}/__sandbox/tickets/:id/replies`, async ({ request, params }) => {
      const { content } = await parseBody(request, z.object({ content: z.string().min(1) }));
      const ticket = store.state.tickets.find((entry) => String(entry.id) === params.id);
      if (!ticket) return HttpResponse.json({ Message: `No ticket ${params.id}` }, { status: 404 });
      ticket.messages.push({
        id: store.nextId(),
        content,
        creatorUserName: "provider.desk",
        isBroker: true,
        createDateTime: providerNow(),
      });
      store.save();
      return HttpResponse.json({ ok: true }, { status: 201 });
    }),
    http.post(`${base}/__sandbox/tickets/:id/resolve`, ({ params }) => {
      const ticket = store.state.tickets.find((entry) => String(entry.id) === params.id);
      if (!ticket) return HttpResponse.json({ Message: `No ticket ${params.id}` }, { status: 404 });
      ticket.isClosed = true;
      store.save();
      return HttpResponse.json({ ok: true });
    }),

    http.post(`${base}/__sandbox/email-confirmations/confirm`, async ({ request }) => {
      const { userName } = await parseBody(request, z.object({ userName: z.string() }));
      const user = store.state.users.find((entry) => entry.userName === userName);
      const agency = store.state.agencies.find((entry) => entry.id === user?.agencyId);
      if (!user || !agency)
        return HttpResponse.json({ Message: `No user ${userName}` }, { status: 404 });
      agency.emailConfirmed = true;
      user.shouldVerifyEmail = false;
      store.state.pendingEmailConfirmations = store.state.pendingEmailConfirmations.filter(
        (entry) => entry.agencyId !== agency.id,
      );
      store.save();
      return HttpResponse.json({ ok: true });
    }),
    http.post(`${base}/__sandbox/agencies/:id/approve`, ({ params }) => {
      const agency = store.state.agencies.find((entry) => String(entry.id) === params.id);
      if (!agency) return HttpResponse.json({ Message: `No agency ${params.id}` }, { status: 404 });
      agency.status = "active";
      store.save();
      return HttpResponse.json({ ok: true });
    }),
    http.post(`${base}/__sandbox/tokens/expire`, () => {
      store.state.tokens.forEach((entry) => (entry.expiresAt = new Date(0).toISOString()));
      store.save();
      return HttpResponse.json({ ok: true });
    }),

    http.get(`${base}/__sandbox/calls`, () => HttpResponse.json(calls.list())),
    http.get(`${base}/__sandbox/secrets`, () => HttpResponse.json(ctx.secrets.list())),
    http.get(`${base}/__sandbox/faults`, () => HttpResponse.json(faults.list())),
    http.post(`${base}/__sandbox/faults`, async ({ request }) => {
      const fault = await parseBody(request, faultSchema);
      faults.add(fault);
      return HttpResponse.json(faults.list(), { status: 201 });
    }),
    http.delete(`${base}/__sandbox/faults`, () => {
      faults.clear();
      return HttpResponse.json([]);
    }),
  ];
}
