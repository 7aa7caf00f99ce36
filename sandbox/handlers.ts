import { http, HttpResponse } from "msw";
import { accountHandlers } from "./api/account";
import { authHandlers } from "./api/auth";
import { dashboardHandlers } from "./api/dashboard";
import { hotelHandlers } from "./api/hotels";
import { orderHandlers } from "./api/orders";
import { packageHandlers } from "./api/packages";
import { paymentHandlers } from "./api/payments";
import { reserveRequestChangeHandlers } from "./api/reserve-request-changes";
import { reserveRequestViewHandlers } from "./api/reserve-request-views";
import { reserveRequestHandlers } from "./api/reserve-requests";
import { CallLog, callLogHandler } from "./call-log";
import { controlHandlers } from "./control";
import { faultHandler, FaultList } from "./faults";
import { SecretsSeen } from "./secrets-seen";
import type { SandboxStore } from "./store";

/**
 * All of the sandbox's handlers, in order: the call log and faults first, then the provider's API
 * (docs/provider-api.md), then the control endpoints. Handlers match absolute URLs under `base`:
 * the HTTP server (server.ts) rewrites each request onto it, and unit tests point the portal at it.
 */
// localhost, because msw reads request cookies through tough-cookie, whose public-suffix lookup takes
// milliseconds per request for an unknown top-level domain and next to nothing for localhost.
export const SANDBOX_ORIGIN = "http://localhost";

export function createSandboxHandlers(
  store: SandboxStore,
  {
    base = SANDBOX_ORIGIN,
    faults = new FaultList(),
    calls = new CallLog(),
    secrets = new SecretsSeen(),
  } = {},
) {
  const ctx = { store, base, secrets };
  return [
    callLogHandler(calls),
    faultHandler(faults, store),
    ...authHandlers(ctx),
    ...accountHandlers(ctx),
    ...dashboardHandlers(ctx),
    ...packageHandlers(ctx),
    ...hotelHandlers(ctx),
    ...reserveRequestHandlers(ctx),
    ...reserveRequestViewHandlers(ctx),
    ...reserveRequestChangeHandlers(ctx),
    ...orderHandlers(ctx),
    ...paymentHandlers(ctx),
    ...controlHandlers(ctx, faults, calls),
    // The portal's health check and the test runner only ask whether anything answers here.
    http.all(`${base}/`, () =>
      HttpResponse.json({ name: "provider sandbox", api: "docs/provider-api.md" }),
    ),
  ];
}
