import { delay, http, HttpResponse } from "msw";
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

/** The first handler of the sandbox: applies matching faults, then lets the real handlers answer. */
export function faultHandler(faults: FaultList) {
  return http.all("*", async ({ request }) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/__sandbox")) return undefined;
    for (const fault of faults.find(request.method, pathname, [
      domainModelOf(request.headers.get("Accept")),
      domainModelOf(request.headers.get("Content-Type")),
    ])) {
      if (fault.latencyMs) await delay(fault.latencyMs);
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
