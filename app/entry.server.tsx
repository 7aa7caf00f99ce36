import { randomBytes } from "node:crypto";
import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  LoaderFunctionArgs,
} from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { coalescedStream } from "~/utils/runtime/coalesced-stream.server";
import { env } from "~/utils/runtime/env.server"; // Fails at start-up, not on the first request, when the environment is wrong.
import { i18nInstanceFor } from "~/utils/i18n/i18n.server";
import { NonceProvider } from "~/utils/http/nonce-provider";
import { PageScriptsProvider } from "~/components/scripts-after-styles";
import { PAGE_SCRIPTS } from "~/utils/http/page-scripts.server";
import { PageNamespacesProvider } from "~/utils/i18n/page-translations";
import { contentSecurityPolicy } from "~/utils/http/security-headers.server";

/** The portal's server takes its limits, request context and refusal pages from here. */
export { httpLayer } from "~/utils/http/http-layer.server";

export const streamTimeout = 5000;

export function handleError(
  error: unknown,
  { request, context }: LoaderFunctionArgs | ActionFunctionArgs,
) {
  // The browser went away; nobody is waiting for an answer.
  if (request.signal.aborted) return;
  // A request the route cannot take (a post to a page without a form: 405): the client's mistake,
  // answered as such, not a failure of the portal.
  if (isRouteErrorResponse(error) && error.status < 500) {
    const { pathname } = new URL(request.url);
    context.log.warn(`${request.method} ${pathname}: ${error.status} ${error.statusText}`);
    return;
  }
  console.error(error);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const instance = await i18nInstanceFor(loadContext.language);
  const page = { language: instance.language, namespaces: pageNamespaces(remixContext) };

  const nonce = randomBytes(16).toString("base64");
  // The dev server's hot reload speaks its own scripts and sockets: there the policy only reports.
  responseHeaders.set(
    env.NODE_ENV === "production"
      ? "Content-Security-Policy"
      : "Content-Security-Policy-Report-Only",
    contentSecurityPolicy(nonce),
  );

  // Crawlers and no-JS clients get the whole document at once; browsers get it as it streams.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolvePromise, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PageScriptsProvider value={PAGE_SCRIPTS}>
          <PageNamespacesProvider value={page}>
            <I18nextProvider i18n={instance}>
              <RemixServer
                context={remixContext}
                url={request.url}
                abortDelay={streamTimeout}
                nonce={nonce}
              />
            </I18nextProvider>
          </PageNamespacesProvider>
        </PageScriptsProvider>
      </NonceProvider>,
      {
        // React's own inline scripts (the ones that put streamed parts in place) carry it too.
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = coalescedStream();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolvePromise(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    abortUnlessRunLate(abort, streamTimeout + 1000);
  });
}

/**
 * The namespaces the page's routes name (`handle.i18n`), as the browser's i18next will ask for them
 * (remix-i18next's getInitialNamespaces): of the routes that matched, not of every route module
 * the build holds, which is what `remixContext.routeModules` is on the server.
 */
function pageNamespaces({ staticHandlerContext, routeModules }: EntryContext) {
  const namespaces = staticHandlerContext.matches.flatMap(({ route }) => {
    const handle = routeModules[route.id]?.handle as { i18n?: string | string[] } | undefined;
    return handle?.i18n ?? [];
  });
  return [...new Set(["common", ...namespaces])];
}

/**
 * Gives up on a render that has had `ms` to finish. A timer that fires much later than it was due
 * shows the process itself was not running (paused, or starved of the CPU): the render did not get
 * its time, and the answers it waits for may be in already, so it gets the time again instead of
 * becoming an error page the moment the process runs again (bench/failures.ts pauses an instance).
 */
function abortUnlessRunLate(abort: () => void, ms: number) {
  const due = Date.now() + ms;
  setTimeout(() => {
    if (Date.now() - due > 1000) setTimeout(abort, ms);
    else abort();
  }, ms);
}
