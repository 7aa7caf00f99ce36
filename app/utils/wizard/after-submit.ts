import { useNavigate, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";

/** Spec §4/§9: after a request or a modification is submitted, the user lands on the requests list. */
export const AFTER_SUBMIT = "/reservations/list";
/** Its route, whose module a page with such a submit loads ahead (`PrefetchRoutes`). */
export const AFTER_SUBMIT_ROUTE_ID = "routes/_main.reservations.list";
/** Spec §9: about a second after the success message (with JS; without, at once). */
const AFTER_SUBMIT_DELAY_MS = 1000;

/** With JS: once `submitted`, the requests list a second later, the success message standing until then. */
export function useRequestsListAfterSubmit(submitted: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => navigate(AFTER_SUBMIT), AFTER_SUBMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [submitted, navigate]);
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
