import { createRequestContext } from "~/utils/http/http-layer.server";
import { sessionStorage } from "~/utils/session/session.server";

/** The cookie of a browser signed in as `userName` just now (its session in the store). */
export async function signedInCookie(userName: string) {
  const session = await sessionStorage.getSession();
  session.set("token", "provider-token");
  session.set("userName", userName);
  session.set("startedAt", Date.now());
  session.set("lastSeenAt", Date.now());
  return (await sessionStorage.commitSession(session)).split(";")[0];
}

/**
 * A request of a browser that holds `cookie`, with the context the portal's server makes for each
 * request (`getLoadContext`): for unit tests of loaders, actions and the helpers they call.
 */
export async function requestWithContext(url: string, cookie?: string) {
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  const context = await createRequestContext({
    requestId: "unit-test",
    clientAddress: "127.0.0.1",
    origin: new URL(url).origin,
    url,
    cookie,
  });
  return [request, context] as const;
}
