import { data } from "@remix-run/node";
import { metrics } from "~/utils/runtime/metrics.server";

/**
 * What the user meets while the session store (Redis) does not answer, e.g. for the seconds of a
 * restart: a 503 that every error boundary shows as a translated "try again in a moment" (the code
 * is translated there, in the user's language), never an empty 500. The client reconnects by
 * itself, so the next try works once Redis is back.
 */
const STORE_UNAVAILABLE = "storeUnavailable";

export async function orStoreUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    metrics.storeFailed();
    console.warn(`The session store did not answer: ${(error as Error).message}`);
    throw data({ code: STORE_UNAVAILABLE }, { status: 503 });
  }
}
