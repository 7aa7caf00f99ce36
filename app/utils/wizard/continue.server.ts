import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { WizardStep } from "~/utils/wizard/reservation-wizard";
import type { Continued } from "~/utils/wizard/continue";
import { isEnhanced } from "~/utils/wizard/after-submit.server";

// Imported when called: the step routes import this module.
const FRAME_LOADER = () => import("~/routes/_main.reservations.new").then((route) => route.loader);
const STEP_LOADERS: Record<Exclude<WizardStep, "hotel">, () => Promise<Loader>> = {
  rooms: () => import("~/routes/_main.reservations.new.rooms").then((route) => route.loader),
  flights: () => import("~/routes/_main.reservations.new.flights").then((route) => route.loader),
  review: () => import("~/routes/_main.reservations.new.review").then((route) => route.loader),
};
type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

/**
 * A step's Continue, its step saved: on to the step at `to`.
 *
 * Without JS the answer is the redirect. Sent by the hydrated page (`enhanced`, the Continue
 * button's) it is the data the router would ask for next, the frame's and the next step's, read here after the save:
 * the page shows the next step without another round trip (decision 044). A next step this cannot
 * draw (the provider failing, a step not open) is left to the redirect, which draws it as without
 * JS. The draft in the session stays the only truth: the data is what its loaders say of it now.
 */
export async function continueTo(
  { request, params, context }: ActionFunctionArgs,
  formData: FormData,
  to: string,
): Promise<{ continued: Continued }> {
  if (!isEnhanced(formData)) throw redirect(to);
  const headers = new Headers(request.headers);
  for (const name of ["Content-Type", "Content-Length"]) headers.delete(name);
  const next = { request: new Request(new URL(to, request.url), { headers }), params, context };
  const step = new URL(to, request.url).pathname.split("/").pop() as keyof typeof STEP_LOADERS;
  try {
    const [frame, page] = await Promise.all([
      FRAME_LOADER().then((loader) => loader(next)),
      STEP_LOADERS[step]().then((loader) => loader(next)),
    ]);
    return { continued: { to, frame, step: page } };
  } catch {
    throw redirect(to);
  }
}
