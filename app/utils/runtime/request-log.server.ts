/**
 * Every request carries an id: the portal's server (`server/index.ts`) gives it one, or keeps the
 * load balancer's when it looks like one, puts it on the request's headers and on the answer, and
 * writes it in the request's log line. The provider client sends it on every call.
 */

export const REQUEST_ID_HEADER = "X-Request-Id";

export function requestIdOf(request: Request) {
  return request.headers.get(REQUEST_ID_HEADER) ?? undefined;
}

/** W3C Trace Context's `traceparent`: version, trace id, parent id, flags; the ids not all zeros. */
const TRACEPARENT = /^[\da-f]{2}-(?!0{32})([\da-f]{32})-(?!0{16})[\da-f]{16}-[\da-f]{2}$/;

/**
 * The trace context a request arrived with (from a proxy or a caller that traces), when it is a
 * valid one: passed on to the provider, and its trace id logged, so one request can be followed
 * across the proxy, the portal and the provider. Anything else is dropped, never passed on.
 */
export function traceparentOf(request: Request) {
  const value = request.headers.get("traceparent")?.trim().toLowerCase();
  return value && TRACEPARENT.test(value) ? value : undefined;
}

/** The trace id of a valid `traceparent`, for a log line. */
export function traceIdOf(traceparent: string | undefined) {
  return traceparent ? TRACEPARENT.exec(traceparent.trim().toLowerCase())?.[1] : undefined;
}

/**
 * What a request waited for the provider, for its log line: the calls it made, and the time at
 * least one of them was under way (calls made together count once), so a slow page's time can be
 * told apart into the provider's and the portal's own.
 */
export function providerWaits() {
  let calls = 0;
  let underWay = 0;
  let since = 0;
  let ms = 0;
  return {
    /** A call starts; the function returned ends it (once, however often it is called). */
    begin() {
      calls += 1;
      if (underWay++ === 0) since = performance.now();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        if (--underWay === 0) ms += performance.now() - since;
      };
    },
    figures() {
      const waited = ms + (underWay > 0 ? performance.now() - since : 0);
      return { providerCalls: calls, providerMs: Math.round(waited * 10) / 10 };
    },
  };
}
export type ProviderWaits = ReturnType<typeof providerWaits>;
