/**
 * The sandbox speaks as a provider in PROVIDER_TIME_ZONE (Asia/Tehran unless set, like the
 * portal): its date-times are that zone's wall clock, with no offset, as docs/provider-api.md says.
 */
const timeZone = process.env.PROVIDER_TIME_ZONE || "Asia/Tehran";

const wallClock = new Intl.DateTimeFormat("en-CA", {
  timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "2026-11-22T13:30:05": now, as the provider's clock on the wall shows it. */
export function providerNow(at: Date = new Date()) {
  const part = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

/** "2026-11-22": the provider's today. */
export function providerToday(at: Date = new Date()) {
  return providerNow(at).slice(0, 10);
}
