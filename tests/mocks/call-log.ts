import { http } from "msw";
import { domainModelOf } from "./api/common";

/**
 * One call the sandbox received, as a test needs to see it: what (with the body's domain model,
 * which tells calls to one path apart), and for which portal request.
 */
export type ReceivedCall = {
  method: string;
  path: string;
  model: string | null;
  requestId: string | null;
};

const KEPT_CALLS = 500;

/**
 * The latest calls to the provider's API (never the control endpoints), so a test can check what
 * the portal sent, or that it sent nothing. Read through /__sandbox/calls; emptied by a reset.
 */
export class CallLog {
  private calls: ReceivedCall[] = [];

  record(call: ReceivedCall) {
    this.calls.push(call);
    if (this.calls.length > KEPT_CALLS) this.calls.shift();
  }

  clear() {
    this.calls = [];
  }

  list() {
    return [...this.calls];
  }
}

/** Notes every API call and lets the next handler answer it. */
export function callLogHandler(log: CallLog) {
  return http.all("*", ({ request }) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith("/__sandbox"))
      log.record({
        method: request.method,
        path: pathname,
        model: domainModelOf(request.headers.get("Content-Type")),
        requestId: request.headers.get("X-Request-Id"),
      });
    return undefined;
  });
}
