import { createRequestContext } from "~/utils/http/http-layer.server";

/**
 * A request of a browser that holds `cookie`, with the context the portal's server makes for each
 * request (`getLoadContext`): for unit tests of loaders, actions and the helpers they call.
 */
export async function requestWithContext(url: string, cookie?: string) {
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  const context = await createRequestContext({
    requestId: "unit-test",
    clientAddress: "127.0.0.1",
    url,
    cookie,
  });
  return [request, context] as const;
}
