/** One part of a page that can fail on its own (dashboard widgets): its data, or its error message. */
export type Settled<T> = { ok: true; data: T } | { ok: false; error: string };
