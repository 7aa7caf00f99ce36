/**
 * The side menu's mode, remembered in a plain cookie that both sides write: the server when the
 * no-JS form posts, the browser at the moment of the click (with JS). Writing it at once means the
 * very next page, even one opened before any request could finish, shows the mode the user sees.
 * It holds a preference, not a secret, so it is readable by scripts on purpose.
 */
export type SidebarMode = "mini" | "full";

const SIDEBAR_COOKIE = "sidebar";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function sidebarCookie(mode: SidebarMode, { secure }: { secure: boolean }) {
  return `${SIDEBAR_COOKIE}=${mode}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function readSidebarMode(cookieHeader: string | null): SidebarMode {
  const value = cookieHeader?.match(/(?:^|;\s*)sidebar=([^;]*)/)?.[1];
  return value === "mini" ? "mini" : "full";
}
