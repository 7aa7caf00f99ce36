import { useNavigate, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";

/** Spec §4/§9: after a request or a modification is submitted, the user lands on the requests list. */
export const AFTER_SUBMIT = "/reservations/list";
/** Its route, whose module a page with such a submit loads ahead (`PrefetchRoutes`). */
export const AFTER_SUBMIT_ROUTE_ID = "routes/_main.reservations.list";
/** Spec §9: about a second after the success message (with JS; without, at once). */
const AFTER_SUBMIT_DELAY_MS = 1000;

/** Until when the page that said "submitted" keeps the screen, with JS. */
let leavingAt = 0;

/**
 * With JS: once `submitted`, the requests list a second later, the success message standing until
 * then. The list is asked for at once and loads during that second (`shownAfterSubmit`), so it is
 * there when the second ends instead of a slow line's round trips later (issue 56).
 */
export function useRequestsListAfterSubmit(submitted: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!submitted) return;
    leavingAt = Date.now() + AFTER_SUBMIT_DELAY_MS;
    navigate(AFTER_SUBMIT);
  }, [submitted, navigate]);
}

/**
 * The requests list's data on a move in the browser, not shown before the page that said
 * "submitted" has had its second (the list route's `clientLoader`).
 */
export async function shownAfterSubmit<Data>(data: Promise<Data>) {
  const wait = leavingAt - Date.now();
  if (wait <= 0) return data;
  const [loaded] = await Promise.all([data, new Promise((done) => setTimeout(done, wait))]);
  return loaded;
}

/**
 * Whether an action's answer says "submitted": the page shows it for a second and leaves for the
 * requests list, which loads its own data. Its routes' data is not asked for again in between: a
 * request on a slow line that would only compete with the list's.
 */
export function leavingAfterSubmit(actionResult: unknown) {
  return Boolean((actionResult as { submitted?: unknown } | null | undefined)?.submitted);
}

/** `shouldRevalidate` of a page with a submit that leaves: as usual, but not while leaving. */
export const unlessLeavingAfterSubmit: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => !leavingAfterSubmit(actionResult) && defaultShouldRevalidate;
