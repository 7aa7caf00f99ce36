import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { requireProvider } from "~/utils/session/auth.server";

/** A positive whole-number id from the URL (`/…/{requestId}`); a 404 for anything else. */
export function idParam(params: Params, name: string) {
  const id = Number(params[name]);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
}

/** The signed-in provider context and the request id of a `/reservations/…/{requestId}` URL. */
export async function requireRequestId(request: Request, context: AppLoadContext, params: Params) {
  return {
    provider: await requireProvider(request, context),
    requestId: idParam(params, "requestId"),
  };
}

/** The signed-in provider context and the order id of an `/orders/…/{orderId}` URL. */
export async function requireOrderId(request: Request, context: AppLoadContext, params: Params) {
  return { provider: await requireProvider(request, context), orderId: idParam(params, "orderId") };
}
