import { wallClockIn } from "~/utils/format/dates";

/**
 * The sandbox speaks as a provider in PROVIDER_TIME_ZONE (Asia/Tehran unless set, like the
 * portal): its date-times are that zone's wall clock, with no offset, as docs/provider-api.md says.
 */
const timeZone = process.env.PROVIDER_TIME_ZONE || "Asia/Tehran";

/** "2026-11-22T13:30:05": now, as the provider's clock on the wall shows it. */
export function providerNow(at: Date = new Date()) {
  return wallClockIn(at, timeZone);
}

/** "2026-11-22": the provider's today. */
export function providerToday(at: Date = new Date()) {
  return providerNow(at).slice(0, 10);
}
