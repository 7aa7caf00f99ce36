import type { LoaderFunctionArgs } from "@remix-run/node";
import { settle } from "~/utils/http/provider-errors.server";
import {
  fetchNotesAndMarkRead,
  notesVersion,
  notesView,
} from "~/utils/requests/request-details.server";
import { requireRequestId } from "~/utils/http/params.server";
import { countUnreadNotes } from "~/utils/requests/unread-notes.server";

/**
 * The notes of a request, for the details page's poll every 10 s (spec §9). `?known=<version>`
 * names the thread the page shows: when nothing changed, the answer is only that. A provider
 * failure is part of the answer, not an error page. Beside it, the side menu's count of unread
 * notes on the agency's other requests (null when that call failed: the menu keeps its own).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { provider, requestId } = await requireRequestId(request, context, params);
  const language = context.language;
  const [notes, unread] = await Promise.all([
    settle(context, fetchNotesAndMarkRead(provider, requestId)),
    settle(context, countUnreadNotes(provider, requestId)),
  ]);
  const unreadNotes = unread.ok ? unread.data : null;
  // A failed poll says so beside the thread; the page and the thread it shows stay.
  if (!notes.ok) return { version: null, notes: null, error: notes.error, unreadNotes };
  const version = notesVersion(notes.data);
  const known = new URL(request.url).searchParams.get("known");
  return {
    version,
    notes: known === version ? null : notesView(notes.data, language),
    error: null,
    unreadNotes,
  };
}
