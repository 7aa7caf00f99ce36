import { redirect, useLocation, type ClientLoaderFunctionArgs } from "@remix-run/react";
import type { Toast } from "~/components/snackbar";

/**
 * A move in one round trip with JS (decision 044): the post's answer brings the next page's
 * address and the data it draws (`continue.server.ts`). A wizard step's Continue brings the frame
 * and the next step; a sent request or change brings the requests list and its message. The
 * route's `clientAction` holds that data and moves to the address; each part's `clientLoader` takes
 * it instead of asking the server; the root and the layout keep their data for the move.
 */
export type Continued = { to: string; frame?: unknown; step: unknown; message?: Toast };
type Part = "frame" | "step";

let arrived: Partial<Continued> | null = null;
/** The message the last move brought, shown until the next move. */
let message: Toast | null = null;

const pathOf = (url: URL) => `${url.pathname}${url.search}`;
/** Whether a move brought data for `url`: its address but for a part of the page (`#payments`). */
const broughtFor = (url: URL) => arrived?.to?.split("#")[0] === pathOf(url);

/** The route's `clientAction`: a move's answer moves on; any other is the route's own. */
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
 * What a move to `nextUrl` brings, or null when it brings nothing. Asked by the root on every move,
 * it forgets data that no move took (a click elsewhere while it came).
 */
export function broughtTo(nextUrl: URL): Readonly<Partial<Continued>> | null {
  if (arrived && broughtFor(nextUrl)) {
    message = arrived.message ?? null;
    return arrived;
  }
  arrived = null;
  message = null;
  return null;
}

/**
 * The message the move to this page brought (a request sent: the list says so), in the place of
 * the one a redirect leaves in the root's data for the page it leads to.
 */
export function useMessageBrought() {
  // Read again at each move: `broughtTo` has set it by the time the moved page is drawn.
  useLocation();
  return messageBrought();
}

export const messageBrought = () => message;

/** A `clientLoader` for a part the move may bring: its data once, else the server's. */
export function dataBroughtFor(part: Part) {
  return ({ request, serverLoader }: ClientLoaderFunctionArgs) => {
    if (!arrived || !(part in arrived) || !broughtFor(new URL(request.url))) return serverLoader();
    const brought = arrived[part];
    delete arrived[part];
    // Every part taken: a later move to the same page (a language switch) asks the server again.
    if (!("frame" in arrived || "step" in arrived)) arrived = null;
    return brought;
  };
}
