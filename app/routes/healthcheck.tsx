import { env } from "~/utils/env.server";
import { providerUrl } from "~/utils/provider/request.server";

const PROVIDER_PROBE_TIMEOUT_MS = 3000;

/**
 * 200 whenever the portal itself can answer (the Dockerfile's HEALTHCHECK); whether the provider
 * answers too is reported as a field, so a provider outage does not get the portal restarted.
 */
export async function loader() {
  const started = Date.now();
  let providerReachable = false;
  try {
    // Any answer below 500, even 401 or 404, means the provider is up (docs/provider-api.md).
    const response = await fetch(providerUrl("/"), {
      method: "HEAD",
      signal: AbortSignal.timeout(PROVIDER_PROBE_TIMEOUT_MS),
    });
    providerReachable = response.status < 500;
  } catch {
    providerReachable = false;
  }
  return Response.json(
    {
      status: "ok",
      version: env.APP_VERSION,
      provider: { reachable: providerReachable, ms: Date.now() - started },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
