import { http } from "msw";
import { domainModelOf } from "./api/common";

/**
 * One call the sandbox received, as a test needs to see it: what (with the body's domain model,
 * which tells calls to one path apart), and for which portal request.
 */
export type ReceivedCall = {
  method: string;
  path: string;
  /** The query string as sent, `?` included ("" when none). */
  query: string;
  model: string | null;
  /** The domain model the call asks for on `Accept` (a read's). */
  answerModel: string | null;
  requestId: string | null;
  /** The W3C trace context the portal passed on. */
  traceparent: string | null;
  /** The `Idempotency-Key` a submit carries. */
  idempotencyKey: string | null;
};

/** Far more than a test makes between two resets; a sandbox left running for a demo stays small. */
const KEPT_CALLS = 20_000;

/**
 * Every call to the provider's API since the last reset (never the control endpoints), so a test
 * can check what the portal sent, or that it sent nothing. Read through /__sandbox/calls; emptied
 * by a reset. Past `KEPT_CALLS` the oldest go, and the log no longer answers: a count of calls
 * that silently stopped growing would prove nothing.
 */
export class CallLog {
  private calls: ReceivedCall[] = [];
  private dropped = 0;

  record(call: ReceivedCall) {
    this.calls.push(call);
    if (this.calls.length > KEPT_CALLS) {
      this.calls.shift();
      this.dropped += 1;
    }
  }

  clear() {
    this.calls = [];
    this.dropped = 0;
  }

  /** Every call since the reset, oldest first; throws when some were dropped. */
  list() {
    if (this.dropped > 0)
      throw new Error(`${this.dropped} calls were dropped since the last reset: reset first.`);
    return [...this.calls];
  }
}

/** Notes every API call and lets the next handler answer it. */
export function callLogHandler(log: CallLog) {
  return http.all("*", ({ request }) => {
    const { pathname, search } = new URL(request.url);
    if (!pathname.startsWith("/__sandbox"))
      log.record({
        method: request.method,
        path: pathname,
        query: search,
        model: domainModelOf(request.headers.get("Content-Type")),
        answerModel: domainModelOf(request.headers.get("Accept")),
        requestId: request.headers.get("X-Request-Id"),
        traceparent: request.headers.get("traceparent"),
        idempotencyKey: request.headers.get("Idempotency-Key"),
      });
    return undefined;
  });
}
