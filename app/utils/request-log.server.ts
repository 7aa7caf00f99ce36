import { randomUUID } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A request id and one structured log line for every HTTP request the process serves, pages,
 * data requests, files and assets alike (decision 011). remix-serve owns the HTTP server, so this
 * listens on Node's own `http.server.request.start` channel, which fires before Express sees the
 * request: the id is put on the request's headers there, so loaders and the provider client read
 * it like any header (`requestIdOf`), and on the response for whoever reports a problem.
 */

export const REQUEST_ID_HEADER = "X-Request-Id";

/** An id a load balancer already gave the request is kept when it looks like one (no log injection). */
const ACCEPTED_INCOMING_ID = /^[\w.:-]{8,64}$/;

let inFlight = 0;
const drainWaiters = new Set<() => void>();

export function requestsInFlight() {
  return inFlight;
}

/** Resolves once no request is being served (at once when none is). */
export function allRequestsAnswered() {
  if (inFlight === 0) return Promise.resolve();
  return new Promise<void>((resolve) => drainWaiters.add(resolve));
}

export function requestIdOf(request: Request) {
  return request.headers.get(REQUEST_ID_HEADER) ?? undefined;
}

/** Only the path: query strings can carry what a user searched for (guest names). */
function pathOf(url: string | undefined) {
  return (url ?? "/").split("?")[0];
}

function onRequestStart(request: IncomingMessage, response: ServerResponse) {
  const started = performance.now();
  const incoming = request.headers["x-request-id"];
  const requestId =
    typeof incoming === "string" && ACCEPTED_INCOMING_ID.test(incoming) ? incoming : randomUUID();
  request.headers["x-request-id"] = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  inFlight += 1;

  response.once("close", () => {
    inFlight -= 1;
    const line = {
      time: new Date().toISOString(),
      level: response.statusCode >= 500 ? "error" : "info",
      msg: "request",
      method: request.method,
      path: pathOf(request.url),
      status: response.statusCode,
      ms: Math.round((performance.now() - started) * 10) / 10,
      requestId,
      // The browser went away before the whole answer was sent.
      ...(response.writableFinished ? {} : { aborted: true }),
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
    if (inFlight === 0) {
      for (const resolve of drainWaiters) resolve();
      drainWaiters.clear();
    }
  });
}

const INSTALLED = Symbol.for("agency-portal.request-log");

/** Once per process: the dev server re-imports the build on every change. */
export function installRequestLog() {
  const registry = globalThis as { [INSTALLED]?: boolean };
  if (registry[INSTALLED]) return;
  registry[INSTALLED] = true;
  subscribe("http.server.request.start", (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    onRequestStart(request, response);
  });
}
