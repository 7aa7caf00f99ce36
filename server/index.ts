import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { existsSync, readdirSync } from "node:fs";
import { extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { format } from "node:util";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import onHeaders from "on-headers";
import type { HttpLayer, Refusal, RequestContext } from "../app/utils/http/http-layer.server";
import { SHUTDOWN_GRACE_MS } from "./shutdown";

/**
 * The portal's HTTP server (decision 023): what belongs to HTTP rather than to a page, for every
 * answer, in this order: a request id and one log line, the headers, compression, the limits a
 * body must keep, the cross-origin refusal, the static files, then Remix with a per-request
 * context. Its settings, translations and shutdown hooks come from the app build (`httpLayer`,
 * exported by `app/entry.server.tsx`), so the server and the routes share one copy of them.
 */

const MODE = process.env.NODE_ENV ?? "production";
const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST;
/** Prometheus scrapes each instance here (decision 030); never routed by the load balancer. */
const METRICS_PORT = Number(process.env.METRICS_PORT ?? 9091);
/**
 * Where the metrics port listens: loopback unless told otherwise, so a host or pod network that
 * reaches the public port does not reach it. Compose names every interface of the container (its
 * network only), Kubernetes the pod's own address (deploy/).
 */
const METRICS_HOST = process.env.METRICS_HOST || "127.0.0.1";
/** Scrapes at once: Prometheus makes one per instance; more are someone else's. */
const METRICS_MAX_CONNECTIONS = 8;

const viteDevServer =
  MODE === "development"
    ? await import("vite").then((vite) =>
        vite.createServer({ server: { middlewareMode: true }, appType: "custom" }),
      )
    : undefined;

const productionBuild = viteDevServer
  ? undefined
  : ((await import(
      /* @vite-ignore */ pathToFileURL(resolve("build/server/index.js")).href
    )) as ServerBuild);

async function currentBuild() {
  return (
    productionBuild ??
    ((await viteDevServer!.ssrLoadModule("virtual:remix/server-build")) as ServerBuild)
  );
}

async function currentLayer() {
  const entry = (await currentBuild()).entry.module as unknown as { httpLayer: HttpLayer };
  return entry.httpLayer;
}

// The dev server's build changes under it; its settings do not, so they are read once.
const { limits, bodyLimitFor, createLogger, metrics, healthDetail, traceIdOf } =
  await currentLayer();
// Routes change only with a new build: in development, the labeller of the build of the moment.
let routeLabels = {
  of: metrics.routeLabeller((await currentBuild()).routes),
  build: productionBuild,
};
async function routeLabelOf(pathname: string) {
  if (!productionBuild) {
    const build = await currentBuild();
    if (build !== routeLabels.build)
      routeLabels = { of: metrics.routeLabeller(build.routes), build };
  }
  return routeLabels.of(pathname);
}
const log = createLogger();
// Every warning and error written to the console is a JSON line of the log too, a library's
// included (Remix's "could not be decoded", React's): one event, one line, whatever it holds.
for (const level of ["warn", "error"] as const)
  console[level] = (...args: unknown[]) => log[level](format(...args));

/** An id a load balancer already gave the request is kept when it looks like one (no log injection). */
const ACCEPTED_INCOMING_ID = /^[\w.:-]{8,64}$/;

/** Headers a proxy adds. Seen while no CLIENT_ADDRESS_HEADER is named, the portal is likely behind one. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];
let unnamedProxyReported = false;

/** The client's address: the trusted proxy's header (its last entry) if one is named, else the socket's. */
function clientAddressOf(req: Request) {
  if (limits.clientAddressHeader) {
    const last = req.get(limits.clientAddressHeader)?.split(",").at(-1)?.trim();
    if (last) return last;
  } else if (!unnamedProxyReported && FORWARDING_HEADERS.some((name) => req.headers[name])) {
    // Behind a proxy every client would be the proxy: thirty typos anywhere would lock out every
    // new browser. Said once a process, at the first such request: nothing else shows it.
    unnamedProxyReported = true;
    log.error(
      "A request came through a proxy (it carries a forwarding header) but CLIENT_ADDRESS_HEADER is not set: every client counts as the proxy's one address for the sign-in and request limits. Behind a proxy, set CLIENT_ADDRESS_HEADER (e.g. X-Forwarded-For); if clients reach this portal directly, one sent the header itself and this can be ignored.",
      { socketAddress: req.socket.remoteAddress },
    );
  }
  return req.socket.remoteAddress ?? "unknown";
}

let inFlight = 0;
const drainWaiters = new Set<() => void>();

/** Gives the request its id, counts it while it is served, and logs it once it is over. */
function requestIdAndLog(req: Request, res: Response, next: NextFunction) {
  const started = performance.now();
  // Read now: a middleware mounted on a path (the assets') strips it from `req.path` on the way.
  const path = req.path;
  const incoming = req.headers["x-request-id"];
  const requestId =
    typeof incoming === "string" && ACCEPTED_INCOMING_ID.test(incoming) ? incoming : randomUUID();
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  const traceId = traceIdOf(req.get("traceparent"));
  inFlight += 1;
  metrics.requestsInFlight.inc();
  res.once("close", () => {
    inFlight -= 1;
    metrics.requestsInFlight.dec();
    const seconds = (performance.now() - started) / 1000;
    const context = res.locals.requestContext as RequestContext | undefined;
    const waited = context?.providerWaits.figures();
    void Promise.all([routeLabelOf(path), context?.wasSignedIn() ?? false]).then(
      ([{ route, kind }, signedIn]) =>
        metrics.observeHttp(
          { method: req.method, route, status: res.statusCode, kind, signedIn },
          seconds,
        ),
    );
    (res.statusCode >= 500 ? log.error : log.info)("request", {
      method: req.method,
      // Only the path: a query string can carry what a user searched for (a guest's name).
      path,
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 10) / 10,
      // Of which waiting for the provider (only a request that called it): its calls, its time.
      ...(waited?.providerCalls ? waited : {}),
      requestId,
      // The trace it arrived in (W3C traceparent), passed on to the provider as well.
      ...(traceId ? { traceId } : {}),
      // The browser went away before the whole answer was sent.
      ...(res.writableFinished ? {} : { aborted: true }),
    });
    if (inFlight === 0) {
      for (const done of drainWaiters) done();
      drainWaiters.clear();
    }
  });
  next();
}

const COMMON_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "X-Frame-Options": "DENY",
};

/** The scheme a proxy in front says the browser used (`X-Forwarded-Proto`), if one says so. */
const forwardedSchemeOf = (req: Request) => req.get("X-Forwarded-Proto")?.split(",")[0].trim();

/** The host the browser asked for: a proxy's `X-Forwarded-Host`, else `Host`. */
const browserHostOf = (req: Request) =>
  req.get("X-Forwarded-Host")?.split(",")[0].trim() || req.get("Host");

/**
 * The scheme the browser used, where the portal can know it: behind the named proxy
 * (CLIENT_ADDRESS_HEADER), the one it says; else none (a proxy that is not named may be there).
 */
const trustedSchemeOf = (req: Request) =>
  limits.clientAddressHeader ? forwardedSchemeOf(req) : undefined;

/** The origin the browser used (a shared offer's link starts with it unless PUBLIC_URL is set). */
function browserOriginOf(req: Request) {
  const scheme = trustedSchemeOf(req);
  return `${scheme === "https" || scheme === "http" ? scheme : req.protocol}://${browserHostOf(req) ?? "portal"}`;
}

/**
 * The headers every answer carries, whoever made it (a page, data, a file, a redirect, an error,
 * a static asset), set as its head is written so nothing can answer without them. An answer that
 * says nothing of caching is not kept anywhere: signed-in pages list passports. One not to be kept
 * says so in every way a browser understands: lynx honours `Pragma` and `Expires`, not `no-store`,
 * and would show a signed-out agency's dashboard again from its own copy (issue 55).
 */
function headersOnEveryAnswer(req: Request, res: Response, next: NextFunction) {
  onHeaders(res, () => {
    for (const [name, value] of Object.entries(COMMON_HEADERS)) res.setHeader(name, value);
    // A customer's shared offer sends no address at all onward (its link is its key).
    if (req.path.startsWith("/offer/")) res.setHeader("Referrer-Policy", "no-referrer");
    if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-store");
    if (String(res.getHeader("Cache-Control")).includes("no-store"))
      res.set({ Pragma: "no-cache", Expires: "0" });
    // Behind a TLS-terminating proxy the request itself is plain HTTP; the proxy says what it was.
    if ((forwardedSchemeOf(req) ?? req.protocol) === "https")
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  });
  next();
}

const REFUSAL_REASONS = {
  403: "cross_origin",
  408: "body_timeout",
  413: "body_too_large",
} as const;

async function refuse(req: Request, res: Response, status: Refusal) {
  metrics.refused(REFUSAL_REASONS[status]);
  const layer = await currentLayer();
  const language = await layer.languageOf(`http://portal${req.originalUrl}`, req.headers.cookie);
  const referer = req.get("Referer");
  const backTo = referer?.startsWith(`${req.protocol}://${req.get("Host")}/`)
    ? new URL(referer).pathname
    : "/";
  // The rest of the body is never read: the connection ends with this answer.
  res
    .status(status)
    .set({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": layer.refusalPagePolicy,
      Connection: "close",
    })
    .send(await layer.refusalPage(status, language, backTo));
}

const hasBody = (req: Request) =>
  req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;

/**
 * A body larger than its route takes is refused from its `Content-Length`, before a byte is read
 * (a body sent without one is counted as it streams by the app's `readForm`). While a body comes
 * in, a pause longer than BODY_IDLE_TIMEOUT_MS ends the connection: a slow sender holds nothing.
 */
function bodyLimits(req: Request, res: Response, next: NextFunction) {
  if (!hasBody(req)) return next();
  lingerIfUnread(req);
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > bodyLimitFor(req.path))
    return void refuse(req, res, 413).catch(next);
  // On the request, not the socket: Node then leaves the timeout to us instead of destroying the
  // socket before the refusal is written.
  req.setTimeout(limits.bodyIdleTimeoutMs, () => cutOffBody(req, res));
  // Once the body is in, the answer may take as long as the provider does.
  req.once("end", () => {
    if (!res.writableFinished) req.socket.setTimeout(0);
  });
  watchBodyRate(req, res);
  next();
}

/** A body too slow to wait for: a 408 if nothing was answered yet, and the connection ends. */
function cutOffBody(req: Request, res: Response) {
  if (res.headersSent) return void req.socket.destroy();
  refuse(req, res, 408)
    .catch(() => {})
    .finally(() => req.socket.destroySoon());
}

/**
 * A body that trickles (a byte every few seconds is never idle) is cut off with a 408 once a
 * window of BODY_IDLE_TIMEOUT_MS brought fewer than BODY_MIN_BYTES_PER_SECOND a second: such a
 * sender would otherwise hold its connection until REQUEST_TIMEOUT_MS. A window in which the
 * portal itself read nothing (a receipt waiting its turn, its buffer full) does not count.
 */
function watchBodyRate(req: Request, res: Response) {
  const socket = req.socket;
  const minimum = (limits.bodyMinBytesPerSecond * limits.bodyIdleTimeoutMs) / 1000;
  if (!(minimum > 0)) return;
  let readBefore = socket.bytesRead;
  const check = setInterval(() => {
    const brought = socket.bytesRead - readBefore;
    readBefore = socket.bytesRead;
    const waitingForUs = req.readableLength >= req.readableHighWaterMark;
    if (brought >= minimum || waitingForUs) return;
    clearInterval(check);
    cutOffBody(req, res);
  }, limits.bodyIdleTimeoutMs).unref();
  const stop = () => clearInterval(check);
  req.once("end", stop);
  req.once("close", stop);
  res.once("close", stop);
}

const LINGER_MS = 2000;
const bodyBeingRead = new WeakMap<Socket, Request>();

/**
 * An answer that refuses a body before it was all read closes the connection (`Connection: close`).
 * Closed at once, the unread bytes make the system reset the connection, and a client still
 * sending loses the answer with it (it shows "connection reset", not the page). So such a close
 * lingers: the answer is sent and the sending side closed, and the connection ends LINGER_MS later,
 * time for the client to read the answer.
 */
function lingerIfUnread(req: Request) {
  const socket = req.socket;
  const alreadyWatched = bodyBeingRead.has(socket);
  bodyBeingRead.set(socket, req);
  if (alreadyWatched) return;
  const destroySoon = socket.destroySoon.bind(socket);
  // Node calls this once an answer with `Connection: close` is sent.
  socket.destroySoon = () => {
    if (bodyBeingRead.get(socket)?.complete !== false) return destroySoon();
    socket.end();
    // Not read on: the system holds what fits in its buffers, the process nothing. Node has just
    // "dumped" the unread request (its resOnFinish), which resumes reading on the next tick: paused
    // again once that has run, or an attacker who keeps sending has every byte read and dropped
    // until the connection ends (a declared 200 MB body: 3.8 MB read before; issue 40).
    socket.pause();
    setImmediate(() => socket.pause());
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/**
 * A form posted from another site (its `Origin` is not this host) is refused with a translated
 * 403 before anything runs. Remix makes the same check, but answers an empty 500 (decision 023).
 */
function crossOriginRefusal(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const origin = req.get("Origin");
  // No Origin: an old browser, or a client that is not one; the form's CSRF token guards those.
  // "null" (a sandboxed frame, a data: page) is never one of the portal's own pages.
  if (!origin) return next();
  const host = browserHostOf(req);
  let originUrl: URL | null = null;
  try {
    originUrl = new URL(origin);
  } catch {
    // An Origin that is not a URL was not sent by a browser on this portal.
  }
  // The scheme too, where it is known: behind the named proxy, the one it says the browser used
  // (a page of http://portal posting to https://portal is not the portal's). Behind a proxy that
  // is not named, the portal cannot tell, and a check would refuse every post over HTTPS.
  const scheme = trustedSchemeOf(req);
  if (host && originUrl?.host === host && (!scheme || originUrl.protocol === `${scheme}:`))
    return next();
  log.warn("cross-origin post refused", {
    method: req.method,
    path: req.path,
    requestId: String(req.headers["x-request-id"]),
  });
  refuse(req, res, 403).catch(next);
}

/**
 * Only what a browser sends reaches the routes: a request line with a path (not a proxy's absolute
 * URL, not `OPTIONS *`), and no TRACE or CONNECT. Anything else is a short plain answer, not the
 * framework's 500 with a stack trace in the log.
 */
function browserRequestsOnly(req: Request, res: Response, next: NextFunction) {
  if (["TRACE", "TRACK", "CONNECT"].includes(req.method))
    return void res
      .status(405)
      .type("text/plain")
      .set("Allow", "GET, HEAD, POST")
      .send("Method not allowed\n");
  const badRequest = () =>
    void res.status(400).type("text/plain").set("Connection", "close").send("Bad request\n");
  if (!req.originalUrl.startsWith("/")) return badRequest();
  // A Host (or a proxy's X-Forwarded-Host) the page's URL could not be built from.
  if (![req.headers.host, req.get("X-Forwarded-Host")].every(isHostOrNone)) return badRequest();
  // A path whose %-escapes do not decode: one line in the log, not a stack trace.
  try {
    decodeURIComponent(req.path);
  } catch {
    log.warn("undecodable path refused", { requestId: String(req.headers["x-request-id"]) });
    return badRequest();
  }
  next();
}

/** `host[:port]`: a name, an IPv4 address or a bracketed IPv6 one, and a port that is one. */
const HOST_AND_PORT = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?)(?::(\d{1,5}))?$/i;

function isHostOrNone(host: string | undefined) {
  if (host === undefined) return true;
  const match = HOST_AND_PORT.exec(host);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

const ASSETS = "build/client/assets";

/**
 * A script, stylesheet or translation file as Brotli, to a browser that accepts it: the build made
 * the `.br` beside each at the highest quality (scripts/compress-assets.mjs), 12% smaller than
 * gzip -9 over the scripts. The compression middleware leaves an encoded answer alone, HAProxy
 * too; every other browser gets the gzip they make.
 */
function brotliWhenAsked(folder: string) {
  const brotli = new Set(
    existsSync(folder)
      ? readdirSync(folder)
          .filter((name) => name.endsWith(".br"))
          .map((name) => `/${name}`)
      : [],
  );
  return (req: Request, res: Response, next: NextFunction) => {
    if (!["GET", "HEAD"].includes(req.method)) return next();
    res.vary("Accept-Encoding");
    if (brotli.has(`${req.path}.br`) && req.acceptsEncodings("br") === "br")
      req.url = `${req.path}.br`;
    next();
  };
}

/** A `.br` file is sent as what it holds, Brotli-encoded. */
function typeOfBrotli(res: Response, path: string) {
  if (!path.endsWith(".br")) return;
  res.setHeader("Content-Encoding", "br");
  res.type(extname(path.slice(0, -".br".length)));
}

const app = express();
app.disable("x-powered-by");
app.use(requestIdAndLog);
app.use(headersOnEveryAnswer);
app.use(browserRequestsOnly);
app.use(compression());
app.use(bodyLimits);
app.use(crossOriginRefusal);

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Fingerprinted by Vite: a file's name changes with its content.
  app.use("/assets", brotliWhenAsked(ASSETS));
  app.use(
    "/assets",
    express.static(ASSETS, {
      immutable: true,
      maxAge: "1y",
      index: false,
      setHeaders: typeOfBrotli,
    }),
  );
  app.use(express.static("build/client", { maxAge: "1h", index: false }));
}

app.all(
  "*",
  createRequestHandler({
    build: currentBuild,
    mode: MODE,
    getLoadContext: async (req, res) => {
      const context = await (
        await currentLayer()
      ).createRequestContext({
        requestId: String(req.headers["x-request-id"]),
        clientAddress: clientAddressOf(req),
        origin: browserOriginOf(req),
        url: `${req.protocol}://${req.get("Host") ?? "portal"}${req.originalUrl}`,
        cookie: req.headers.cookie,
      });
      // Read again when the request is logged: whether it was a signed-in session's.
      res.locals.requestContext = context;
      return context;
    },
  }),
);

// Node checks the header and request timeouts on this interval (30 s by default): a sender who
// stalls would otherwise be cut off up to 30 s after the documented time.
const CONNECTIONS_CHECKING_INTERVAL_MS = 1000;
const server: Server = createServer(
  { connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
  app,
);
if (HOST) server.listen(PORT, HOST, listening);
else server.listen(PORT, listening);
// Slow senders: headers must be in within HEADERS_TIMEOUT_MS, the whole request (a receipt on slow
// 3G included) within REQUEST_TIMEOUT_MS; Node answers 408 past either.
server.headersTimeout = limits.headersTimeoutMs;
server.requestTimeout = limits.requestTimeoutMs;
server.keepAliveTimeout = limits.keepAliveTimeoutMs;

// The metrics port: `GET /metrics`, in Prometheus's text format, and `GET /healthcheck`, the
// health check's detail (the store's kind, state and replicas; each probe's time), which the
// public one does not tell.
const metricsServer = createServer((req, res) => {
  const path = req.url?.split("?")[0];
  if (req.method !== "GET" || (path !== "/metrics" && path !== "/healthcheck")) {
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
    return;
  }
  const answer =
    path === "/metrics"
      ? metrics.registry.metrics().then((text) => ({ type: metrics.registry.contentType, text }))
      : healthDetail(undefined).then((detail) => ({
          type: "application/json",
          text: JSON.stringify({ status: "ok", ...detail }),
        }));
  answer.then(
    ({ type, text }) => res.writeHead(200, { "Content-Type": type }).end(text),
    (error: Error) => {
      log.error(`${path} failed`, { message: error.message });
      res.writeHead(500).end();
    },
  );
});
// The public server's limits: a scraper that stalls holds nothing long.
metricsServer.headersTimeout = limits.headersTimeoutMs;
metricsServer.requestTimeout = limits.headersTimeoutMs;
metricsServer.keepAliveTimeout = limits.keepAliveTimeoutMs;
metricsServer.maxConnections = METRICS_MAX_CONNECTIONS;
metricsServer.listen(METRICS_PORT, METRICS_HOST, () => {
  const address = metricsServer.address();
  const port = typeof address === "object" && address ? address.port : METRICS_PORT;
  const host = METRICS_HOST.includes(":") ? `[${METRICS_HOST}]` : METRICS_HOST;
  console.log(`Metrics on http://${host}:${port}/metrics`);
});

function listening() {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : PORT;
  console.log(`Portal listening on http://${HOST ?? "localhost"}:${port}`);
}

/**
 * On SIGTERM or SIGINT: no new connections, the requests under way finish, then the Redis client
 * closes and the process exits 0. A request still running after the grace period is cut off
 * (exit 1), as an orchestrator would.
 */
async function shutDown(signal: string) {
  log.info("shutting down", { signal, inFlight });
  setTimeout(() => {
    log.info("grace period over, requests cut off", { signal, inFlight });
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  server.close();
  metricsServer.close();
  // Idle keep-alive connections would hold the process a few seconds more for nothing.
  server.closeIdleConnections();
  if (inFlight > 0) await new Promise<void>((done) => drainWaiters.add(done));
  await viteDevServer?.close();
  await (await currentLayer()).runShutdownClosers();
  log.info("shut down", { signal });
  process.exit(0);
}

for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => void shutDown(signal));
