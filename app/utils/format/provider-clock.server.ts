import { wallClockIn } from "~/utils/format/dates";
import { env } from "~/utils/runtime/env.server";

/** Now, as the provider's wall clock shows it (PROVIDER_TIME_ZONE): what "today" means for a stay. */
export function providerNow() {
  return wallClockIn(new Date(), env.PROVIDER_TIME_ZONE);
}

/** The provider's today, as an ISO date. */
export function providerToday() {
  return providerNow().slice(0, 10);
}
