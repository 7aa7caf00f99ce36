import type { RouteConfig, RouteConfigEntry } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

const NEW_REQUEST = "routes/_main.reservations.new";
const ADD_REQUEST = "routes/_main.reservations.add-reservation.$extendedOrderId";

/**
 * A request added to an order (spec §2: ExtendedOrderId) is the new-request wizard at another
 * address: the same route modules under route ids of their own. One module each, so the browser
 * loads each step's code from one chunk (two routes of one module re-exported made the second a
 * chunk of imports only, on every step: decision 044).
 */
function addRequestRoutes(): RouteConfigEntry {
  const step = (name: string) => ({
    id: `${ADD_REQUEST}.${name}`,
    path: name,
    file: `${NEW_REQUEST}.${name}.tsx`,
  });
  return {
    id: ADD_REQUEST,
    path: "reservations/add-reservation/:extendedOrderId",
    file: `${NEW_REQUEST}.tsx`,
    children: [
      { id: `${ADD_REQUEST}._index`, index: true, file: `${NEW_REQUEST}._index.tsx` },
      ...["hotel", "rooms", "flights", "review"].map(step),
    ],
  };
}

export default flatRoutes().then((routes) =>
  routes.map((route) =>
    route.id === "routes/_main"
      ? { ...route, children: [...(route.children ?? []), addRequestRoutes()] }
      : route,
  ),
) satisfies RouteConfig;
