import { http, HttpResponse } from "msw";
import { domainModelOf } from "./api/common";

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
  body?: unknown;
  malformed?: boolean;
  drop?: boolean;
};

function patternToRegExp(pattern: string) {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`, "i");
}

export class FaultList {
  private faults: Array<Fault & { matcher: RegExp }> = [];

  add(fault: Fault) {
    this.faults.push({ ...fault, matcher: patternToRegExp(fault.path) });
  }

  clear() {
    this.faults = [];
  }

  list(): Fault[] {
    return this.faults.map(({ matcher: _matcher, ...fault }) => fault);
  }

  find(method: string, pathname: string, models: Array<string | null>) {
    return this.faults.filter(
      (fault) =>
        fault.matcher.test(pathname) &&
        (!fault.method || fault.method.toUpperCase() === method) &&
        (!fault.model || models.includes(fault.model)),
    );
  }
}

/** The faults that apply to a provider call; none to the sandbox's own control endpoints. */
export function faultsFor(faults: FaultList, request: Request) {
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/__sandbox")) return [];
  return faults.find(request.method, pathname, [
    domainModelOf(request.headers.get("Accept")),
    domainModelOf(request.headers.get("Content-Type")),
  ]);
}

/**
 * How long after its arrival a call's answer may leave: the sum of its faults' latencies. The
 * sandbox's HTTP server holds each answer until then (server.ts).
 */
export function latencyOf(faults: Fault[]) {
  return faults.reduce((total, fault) => total + (fault.latencyMs ?? 0), 0);
}

/**
 * The first handler of the sandbox: answers as the matching faults say (latency aside, which is
 * the HTTP server's), or lets the real handlers answer.
 */
export function faultHandler(faults: FaultList) {
  return http.all("*", ({ request }) => {
    for (const fault of faultsFor(faults, request)) {
      if (fault.drop) return HttpResponse.error();
      if (fault.malformed) {
        return new HttpResponse('{"this is": not json', {
          status: fault.status ?? 200,
          headers: { "Content-Type": "application/json" },
        });
      }
      if (fault.status)
        return HttpResponse.json(fault.body ?? { Message: "Injected fault" }, {
          status: fault.status,
        });
    }
    return undefined;
  });
}
