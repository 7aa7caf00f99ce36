/** Spec §4/§9: after a request or a modification is submitted, the user lands on the requests list. */
export const AFTER_SUBMIT = "/reservations/list";
/** Its route, whose module a page with such a submit loads ahead (`PrefetchRoutes`). */
export const AFTER_SUBMIT_ROUTE_ID = "routes/_main.reservations.list";
