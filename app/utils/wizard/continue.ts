import { redirect, type ClientLoaderFunctionArgs } from "@remix-run/react";

/**
 * A wizard step's Continue in one round trip with JS (decision 044): the post's answer brings the
 * next step's address and the data its page draws (`continue.server.ts`). The step's
 * `clientAction` holds that data and moves to the address; the frame's and the next step's
 * `clientLoader` take it instead of asking the server; the root keeps its data for the move.
 */
export type Continued = { to: string; frame: unknown; step: unknown };

let arrived: Partial<Continued> | null = null;

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/** The step's `clientAction`: a Continue's answer moves on; any other is the step's own. */
export async function continueWithItsData<Answer>(
  serverAction: () => Promise<Answer>,
): Promise<Exclude<Answer, { continued: Continued }> | Response> {
  const answer = await serverAction();
  const continued = (answer as { continued?: Continued } | null)?.continued;
  if (!continued) return answer as Exclude<Answer, { continued: Continued }>;
  arrived = continued;
  return redirect(continued.to);
}

/**
 * Whether a move is to the page whose data came with the Continue just answered. Asked by the root
 * on every move, it forgets data that no move took (a click elsewhere while it came).
 */
export function arrivesWithItsData(nextUrl: URL) {
  if (arrived?.to === pathOf(nextUrl)) return true;
  arrived = null;
  return false;
}

/** A `clientLoader` for the frame or a step: the data the Continue brought, else the server's. */
export function dataBroughtFor(part: "frame" | "step") {
  return ({ request, serverLoader }: ClientLoaderFunctionArgs) => {
    if (!arrived || !(part in arrived) || arrived.to !== pathOf(new URL(request.url)))
      return serverLoader();
    const brought = arrived[part];
    delete arrived[part];
    // Taken by both: a later move to the same page (a language switch) asks the server again.
    if (!("frame" in arrived || "step" in arrived)) arrived = null;
    return brought;
  };
}
