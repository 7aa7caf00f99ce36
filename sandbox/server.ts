import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { getResponse, type RequestHandler } from "msw";
import { FaultList, faultsFor, isRead, latencyOf } from "./faults";
import { createSandboxHandlers, SANDBOX_ORIGIN } from "./handlers";
import { SandboxStore } from "./store";

/**
 * The provider sandbox as a real HTTP server: `npm run sandbox`, or started by `npm start`,
 * `npm run dev` and the Playwright run. SANDBOX_PORT (4010), SANDBOX_HOST (127.0.0.1),
 * SANDBOX_DATA (.data/sandbox.json).
 */

function toFetchRequest(incoming: IncomingMessage, origin: string) {
  const method = incoming.method ?? "GET";
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(incoming.url ?? "/", origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(incoming) as ReadableStream) : undefined,
    // Node's fetch needs this to stream a request body.
    duplex: hasBody ? "half" : undefined,
  } as RequestInit);
}

/**
 * msw tries the handlers one by one, compiling each one's path and reading the request's cookies
 * every time: over the sandbox's sixty handlers, about a quarter of a millisecond of every call, in
 * its one thread, which every latency benchmark counted. Only the handlers whose path could match
 * are offered to it: those whose literal start (before the first parameter or wildcard) begins
 * the request's URL, compared without case. msw still decides among them, in their order, so
 * matching does not change.
 */
function candidatesFor(handlers: RequestHandler[]) {
  const starts = handlers.map(({ info }) =>
    "path" in info && typeof info.path === "string"
      ? info.path
          .split(/\/:|\*/)[0]
          .replace(/\/$/, "")
          .toLowerCase()
      : "",
  );
  return (request: Request) => {
    const { origin, pathname } = new URL(request.url);
    const url = `${origin}${pathname}`.toLowerCase();
    return handlers.filter((_, index) => url.startsWith(starts[index]));
  };
}

async function send(response: Response, outgoing: ServerResponse) {
  // msw's HttpResponse.error(): the fault "drop the connection".
  if (response.type === "error") {
    outgoing.socket?.destroy();
    return;
  }
  outgoing.statusCode = response.status;
  response.headers.forEach((value, name) => outgoing.appendHeader(name, value));
  if (response.body) Readable.fromWeb(response.body as never).pipe(outgoing);
  else outgoing.end();
}

export function startSandbox({
  port,
  host = "127.0.0.1",
  dataFile,
}: {
  port: number;
  host?: string;
  dataFile?: string;
}) {
  const store = new SandboxStore(dataFile);
  const faults = new FaultList();
  const candidates = candidatesFor(createSandboxHandlers(store, { faults }));
  const server = createServer(async (incoming, outgoing) => {
    const arrivedAt = performance.now();
    try {
      const request = toFetchRequest(incoming, SANDBOX_ORIGIN);
      // Looked at before the handlers, which count the requests a fault lets pass (`skip`).
      const latency = latencyOf(faultsFor(faults, request));
      const response = await getResponse(candidates(request), request);
      if (isRead(request)) {
        // A read is worked out at once and held until its latency is up, as a provider serving
        // calls side by side would answer. Waiting first would bring the nine reads of a
        // dashboard due together, to queue in this one thread: the sandbox's own time added to
        // every latency a benchmark measures. (A change waits in the fault handler, before it
        // takes effect.)
        const wait = arrivedAt + latency - performance.now();
        // Even a timer of 0 ms costs a turn of the event loop: calls without latency go on at once.
        if (wait > 0) await sleep(wait);
      }
      // The caller gave up while the answer was held (a portal's timeout).
      if (outgoing.destroyed) return;
      if (response) return await send(response, outgoing);
      outgoing
        .writeHead(404, { "Content-Type": "application/json" })
        .end(JSON.stringify({ Message: "No such provider endpoint." }));
    } catch (error) {
      // A handler threw something other than a Response: a sandbox bug, reported as the provider would.
      console.error(error);
      if (!outgoing.headersSent) outgoing.writeHead(500, { "Content-Type": "application/json" });
      outgoing.end(JSON.stringify({ Message: "Sandbox error" }));
    }
  });
  return new Promise<{ close: () => Promise<void>; url: string }>((resolve) => {
    server.listen(port, host, () => {
      const address = server.address();
      const url = `http://${host}:${typeof address === "object" && address ? address.port : port}`;
      resolve({ url, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

const runDirectly = import.meta.url === `file://${process.argv[1]}`;
if (runDirectly) {
  if (process.env.NODE_ENV === "production" && process.env.SANDBOX_ALLOW_PRODUCTION !== "1") {
    console.error(
      "The provider sandbox does not start in production. Set SANDBOX_ALLOW_PRODUCTION=1 if you really mean it.",
    );
    process.exit(1);
  }
  const sandbox = await startSandbox({
    port: Number(process.env.SANDBOX_PORT ?? 4010),
    host: process.env.SANDBOX_HOST ?? "127.0.0.1",
    dataFile: process.env.SANDBOX_DATA ?? ".data/sandbox.json",
  });
  console.log(`Provider sandbox listening on ${sandbox.url}`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
