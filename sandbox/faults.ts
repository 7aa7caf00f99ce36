import { delay, http, HttpResponse } from "msw";
import { domainModelOf } from "./api/common";
import type { SandboxStore } from "./store";

/**
 * Fault injection for tests and benchmarks: per path pattern (`*` matches anything), add latency,
 * answer with a status, send a malformed body, or drop the connection. Set through /__sandbox/faults.
 */
export type Fault = {
  path: string;
  method?: string;
  /** Only requests naming this domain model, on `Accept` or on the body's `Content-Type`. */
  model?: string;
  latencyMs?: number;
  status?: number;
  /** The answer's body with `status`: a string goes out as `text/html`, anything else as JSON. */
  body?: unknown;
  malformed?: boolean;
  drop?: boolean;
  /** The first this-many requests it matches pass untouched (a fault at the second sign-in). */
  skip?: number;
};

function patternToRegExp(pattern: string) {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`, "i");
}

export class FaultList {
  private faults: Array<Fault & { matcher: RegExp; passed: number }> = [];

  add(fault: Fault) {
    this.faults.push({ ...fault, matcher: patternToRegExp(fault.path), passed: 0 });
  }

  clear() {
    this.faults = [];
  }

  list(): Fault[] {
    return this.faults.map(({ matcher: _matcher, passed: _passed, ...fault }) => fault);
  }

  /** The faults for a call; `count`: the call is being answered, so one a fault lets pass counts. */
  find(method: string, pathname: string, models: Array<string | null>, count: boolean) {
    return this.faults.filter((fault) => {
      const matches =
        fault.matcher.test(pathname) &&
        (!fault.method || fault.method.toUpperCase() === method) &&
        (!fault.model || models.includes(fault.model));
      if (!matches || fault.passed >= (fault.skip ?? 0)) return matches;
      if (count) fault.passed += 1;
      return false;
    });
  }
}

/**
 * The faults that apply to a provider call; none to the sandbox's own control endpoints. `answering`:
 * the fault handler's look, the one that counts a call a fault lets pass.
 */
export function faultsFor(faults: FaultList, request: Request, answering = false) {
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/__sandbox")) return [];
  return faults.find(
    request.method,
    pathname,
    [
      domainModelOf(request.headers.get("Accept")),
      domainModelOf(request.headers.get("Content-Type")),
    ],
    answering,
  );
}

/** Reads have no effect: their answer may be worked out before their latency is up. */
export const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * How long after its arrival a read's answer may leave: the sum of its faults' latencies. The
 * sandbox's HTTP server holds each read's answer until then (server.ts).
 */
export function latencyOf(faults: Fault[]) {
  return faults.reduce((total, fault) => total + (fault.latencyMs ?? 0), 0);
}

/**
 * The first handler of the sandbox: applies matching faults, then lets the real handlers answer.
 * A change waits out its latency here, before it takes effect; a read's latency is the HTTP
 * server's. A change whose wait outlasted a reset is dropped (its connection broken), not applied
 * to the fresh state: the test that made it is over.
 */
export function faultHandler(faults: FaultList, store: SandboxStore) {
  return http.all("*", async ({ request }) => {
    const generation = store.generation;
    for (const fault of faultsFor(faults, request, true)) {
      if (fault.latencyMs && !isRead(request)) {
        await delay(fault.latencyMs);
        if (store.generation !== generation) return HttpResponse.error();
      }
      if (fault.drop) return HttpResponse.error();
      if (fault.malformed) {
        return new HttpResponse('{"this is": not json', {
          status: fault.status ?? 200,
          headers: { "Content-Type": "application/json" },
        });
      }
      // A gateway in front of a provider answers its own page, not JSON: a text body goes out as
      // the HTML it is, with the header such a gateway sends.
      if (fault.status && typeof fault.body === "string")
        return new HttpResponse(fault.body, {
          status: fault.status,
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      if (fault.status)
        return HttpResponse.json(fault.body ?? { Message: "Injected fault" }, {
          status: fault.status,
        });
    }
    return undefined;
  });
}
