import { Link, useRouteLoaderData } from "@remix-run/react";
import type { ComponentProps } from "react";
import type { loader as mainLoader } from "~/routes/_main";

/**
 * A way into the new-request wizard: straight to the step it opens at, as the layout found the
 * draft (`newRequestPath`), so entering is one request, with JS and without.
 */
export function NewRequestLink(props: Omit<ComponentProps<typeof Link>, "to">) {
  const to =
    useRouteLoaderData<typeof mainLoader>("routes/_main")?.newRequest ?? "/reservations/new";
  return <Link to={to} {...props} />;
}
