import { env } from "~/utils/runtime/env.server";
import { readSidebarMode, sidebarCookie, type SidebarMode } from "~/utils/ui/sidebar";

/** Whether the side menu is in mini mode (spec §2 "Main layout"), as the user last chose. */
export function isSidebarMini(request: Request) {
  return readSidebarMode(request.headers.get("Cookie")) === "mini";
}

export function sidebarCookieHeader(mode: SidebarMode) {
  return sidebarCookie(mode, { secure: env.NODE_ENV === "production" });
}
