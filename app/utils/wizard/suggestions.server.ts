import type { AppLoadContext } from "@remix-run/node";
import { requireProvider } from "~/utils/session/auth.server";
import { ProviderError, type ProviderContext } from "~/utils/provider/request.server";

/**
 * Suggestions as the user types (JS only): a third-party service's first ten matches for `q`.
 * Each lookup counts against the user's limit (`callProvider`): past it the field goes without
 * suggestions for a while (429). A service that fails leaves it without any. Either way the form
 * still takes what is typed, and its step looks it up when it is sent.
 */
export async function suggestionsFor<Item>(
  request: Request,
  context: AppLoadContext,
  find: (provider: ProviderContext, query: string) => Promise<Item[]>,
) {
  const provider = await requireProvider(request, context);
  const query = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  if (query.length < 2) return { items: [] as Item[] };
  try {
    return { items: (await find(provider, query)).slice(0, 10) };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === "too-many-lookups")
      return Response.json({ items: [] as Item[] }, { status: 429 });
    return { items: [] as Item[] };
  }
}
