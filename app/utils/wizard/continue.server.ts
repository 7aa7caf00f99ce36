import { randomUUID } from "node:crypto";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { WizardStep } from "~/utils/wizard/reservation-wizard";
import type { Continued } from "~/utils/wizard/continue";
import { AFTER_SUBMIT } from "~/utils/wizard/after-submit";
import { redirectWithToast } from "~/utils/session/toast.server";

// Imported when called: the routes import this module.
const FRAME_LOADER = () => import("~/routes/_main.reservations.new").then((route) => route.loader);
const STEP_LOADERS: Record<Exclude<WizardStep, "hotel">, () => Promise<Loader>> = {
  rooms: () => import("~/routes/_main.reservations.new.rooms").then((route) => route.loader),
  flights: () => import("~/routes/_main.reservations.new.flights").then((route) => route.loader),
  review: () => import("~/routes/_main.reservations.new.review").then((route) => route.loader),
};
const LIST_LOADER = () => import("~/routes/_main.reservations.list").then((route) => route.loader);
const ORDER_LOADER = () =>
  import("~/routes/_main.orders.order-details.$orderId").then((route) => route.loader);
type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
type Parts = Partial<Record<"frame" | "step", () => Promise<Loader>>>;

/** The page a sent form lands on: its address, its route's parameters and its loader. */
type Landing = { to: string; params: Params; load: () => Promise<Loader> };
const REQUESTS_LIST: Landing = { to: AFTER_SUBMIT, params: {}, load: LIST_LOADER };
/** An order's page, at its payments: where a receipt sent for it lands. */
export const orderPayments = (orderId: number): Landing => ({
  to: `/orders/order-details/${orderId}#payments`,
  params: { orderId: String(orderId) },
  load: ORDER_LOADER,
});

/** Whether the form was sent by the enhanced (hydrated) page: the house's `EnhancedInput`. */
export function isEnhanced(formData: FormData) {
  return formData.get("enhanced") === "1";
}

/**
 * A step's Continue, its step saved: on to the step at `to`.
 *
 * Without JS the answer is the redirect. Sent by the hydrated page it is the data the router would
 * ask for next, the frame's and the next step's, read here after the save: the page shows the next
 * step without another round trip (decision 044). A next step this cannot draw (the provider
 * failing, a step not open) is left to the redirect, which draws it as without JS. The draft in the
 * session stays the only truth: the data is what its loaders say of it now.
 */
export async function continueTo(
  args: ActionFunctionArgs,
  formData: FormData,
  to: string,
): Promise<{ continued: Continued }> {
  if (!isEnhanced(formData)) throw redirect(to);
  const step = new URL(to, args.request.url).pathname.split("/").pop() as keyof typeof STEP_LOADERS;
  const parts = await pageAt(args, to, { frame: FRAME_LOADER, step: STEP_LOADERS[step] });
  if (!parts) throw redirect(to);
  return { continued: { to, ...parts } };
}

/**
 * A form sent: the page it lands on, with its success message. A request sent or changed lands on
 * the requests list at once, with JS and without (decision 019; the spec's second on the page
 * being left was how its single-page app let the clerk read it); a receipt on its order's
 * payments. Without JS the message waits in a cookie for the page the redirect leads to; with JS
 * the answer brings the page's data and the message (decision 044).
 */
export async function submitted(
  args: Pick<ActionFunctionArgs, "request" | "context">,
  formData: FormData,
  message: string,
  { to, params, load }: Landing = REQUESTS_LIST,
): Promise<{ continued: Continued }> {
  const path = new URL(to, args.request.url).pathname;
  if (isEnhanced(formData)) {
    const parts = await pageAt({ ...args, params }, to, { step: load });
    if (parts)
      return {
        continued: { to, ...parts, message: { id: randomUUID(), type: "success", message } },
      };
  }
  throw await redirectWithToast(to, { type: "success", message, path });
}

/**
 * What each loader of `parts` answers to a visit to `to` by the same browser, after the post; null
 * when one of them cannot (it throws: an error page, a redirect), so the move is left to the
 * redirect and the page meets it as it would without JS.
 */
async function pageAt(
  { request, params, context }: Pick<ActionFunctionArgs, "request" | "params" | "context">,
  to: string,
  parts: Parts,
): Promise<Omit<Continued, "to"> | null> {
  const headers = new Headers(request.headers);
  for (const name of ["Content-Type", "Content-Length"]) headers.delete(name);
  const visit = { request: new Request(new URL(to, request.url), { headers }), params, context };
  try {
    const read = await Promise.all(
      Object.entries(parts).map(async ([part, load]) => [part, await (await load())(visit)]),
    );
    return Object.fromEntries(read) as Omit<Continued, "to">;
  } catch {
    return null;
  }
}
