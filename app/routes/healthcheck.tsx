import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestIdOf } from "~/utils/runtime/request-log.server";
import { healthDetail } from "~/utils/runtime/health.server";

/**
 * 200 whenever the portal itself can answer (the Dockerfile's HEALTHCHECK, the load balancer's
 * check); whether the provider, the session store and the portal's own store answer too is
 * reported in fields, `ok` or
 * `unavailable`. Neither takes the instance out: both are shared by every instance, so an outage of
 * one would take all of them out at once, and the portal tells its users what is wrong better than
 * a proxy's page does (decision 022). The detail (the store's kind, state and replicas, each
 * probe's time) and the instance's version are on the metrics port, never public.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { provider, sessionStore, store } = await healthDetail(requestIdOf(request));
  const word = (up: boolean) => (up ? "ok" : "unavailable");
  return Response.json(
    {
      status: "ok",
      provider: word(provider.reachable),
      sessionStore: word(sessionStore.reachable),
      // The portal's own store (shared offers, branding): "none" where the portal was given none.
      store: store.reachable === null ? "none" : word(store.reachable),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
