/**
 * Every request carries an id: the portal's server (`server/index.ts`) gives it one, or keeps the
 * load balancer's when it looks like one, puts it on the request's headers and on the answer, and
 * writes it in the request's log line. The provider client sends it on every call.
 */

export const REQUEST_ID_HEADER = "X-Request-Id";

export function requestIdOf(request: Request) {
  return request.headers.get(REQUEST_ID_HEADER) ?? undefined;
}
