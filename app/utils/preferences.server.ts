import { createCookie } from "@remix-run/node";
import { env } from "~/utils/env.server";

/** Whether the side menu is in mini mode; remembered for a year (spec §2 "Main layout"). */
export const sidebarCookie = createCookie("sidebar", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: env.NODE_ENV === "production",
  maxAge: 60 * 60 * 24 * 365,
});

export async function isSidebarMini(request: Request) {
  return (await sidebarCookie.parse(request.headers.get("Cookie"))) === "mini";
}
