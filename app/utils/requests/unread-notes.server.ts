import { getUnreadNotes } from "~/utils/provider/dashboard.server";
import type { ProviderContext } from "~/utils/provider/request.server";

/**
 * How many provider notes the agency has not read, for the side menu. `beingRead` is the request
 * whose thread the same answer marks read (its details page, its notes poll): its notes are left
 * out, as the two calls run side by side and the count may be taken before they are marked.
 */
export async function countUnreadNotes(provider: ProviderContext, beingRead: number | null) {
  const requests = await getUnreadNotes(provider);
  return requests
    .filter((entry) => entry.id !== beingRead)
    .reduce((sum, entry) => sum + entry.unReadNoteNumber, 0);
}

const DETAILS_PATH = /^\/reservations\/reservation-details\/(\d+)\/?$/;

/** The request whose notes this page marks read: its details page's; none on any other page. */
export function requestBeingRead(request: Request) {
  const id = DETAILS_PATH.exec(new URL(request.url).pathname)?.[1];
  return id ? Number(id) : null;
}
