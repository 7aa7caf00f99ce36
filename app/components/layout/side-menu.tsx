import { Link, NavLink, useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Icon, type IconName } from "~/components/ui/icon";
import { cx } from "~/utils/misc";
import { localizeDigits } from "~/utils/numbers";

const menuItems: Array<{ to: string; label: string; icon: IconName }> = [
  { to: "/dashboard", label: "nav.dashboard", icon: "dashboard" },
  { to: "/reservations/list", label: "nav.requests", icon: "requests" },
  { to: "/orders", label: "nav.contracts", icon: "contracts" },
  { to: "/payments", label: "nav.payments", icon: "payments" },
  { to: "/transactions", label: "nav.transactions", icon: "transactions" },
];

type SideMenuProps = {
  mini: boolean;
  userName: string;
  agencyName: string;
  shouldVerifyEmail: boolean;
  version: string;
  year: number;
};

/** The permanent side menu (spec §2 "Main layout"), on the start side, collapsible to icons only. */
export function SideMenu({
  mini: savedMini,
  userName,
  agencyName,
  shouldVerifyEmail,
  version,
  year,
}: SideMenuProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const isHome = location.pathname === "/";
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  // Optimistic: with JS the menu changes as soon as the button is pressed.
  const mini = fetcher.formData ? fetcher.formData.get("mode") === "mini" : savedMini;
  const linkClasses = (active: boolean) =>
    cx(
      "flex items-center gap-3 rounded px-3 py-2 text-sm",
      active
        ? "bg-primary-light font-semibold text-primary-dark"
        : "text-gray-800 hover:bg-gray-100",
      mini && "justify-center px-0",
    );

  return (
    <aside
      data-testid="side-menu"
      data-mode={mini ? "mini" : "full"}
      className={cx(
        "sticky top-0 flex h-screen shrink-0 flex-col border-e border-gray-200 bg-white",
        mini ? "w-sidebar-mini" : "w-sidebar",
      )}
    >
      <fetcher.Form
        method="post"
        action="/settings/sidebar"
        className={cx("flex p-2", mini ? "justify-center" : "justify-end")}
      >
        <AuthenticityTokenInput name="csrf" />
        {/* Without JS the post returns to this page; with JS the fetcher stays put. */}
        {hydrated ? null : (
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        )}
        <button
          type="submit"
          name="mode"
          value={mini ? "full" : "mini"}
          aria-expanded={!mini}
          aria-controls="side-menu-content"
          className="rounded p-2 text-gray-700 hover:bg-gray-100"
        >
          <Icon name="menu" label={mini ? t("layout.expandMenu") : t("layout.collapseMenu")} />
        </button>
      </fetcher.Form>

      <div id="side-menu-content" className="flex flex-1 flex-col gap-4 overflow-y-auto px-2 pb-4">
        {mini ? null : (
          <div className="px-3">
            <p className="font-semibold" data-testid="user-name">
              {userName}
            </p>
            <p className="text-sm text-gray-600" data-testid="agency-name">
              {agencyName}
            </p>
          </div>
        )}
        {shouldVerifyEmail ? (
          <Link
            to="/account/verify-email"
            title={mini ? t("layout.verifyEmail") : undefined}
            className={cx(
              "flex items-center gap-2 rounded border border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-900",
              mini && "justify-center px-0",
            )}
          >
            <Icon name="mail" />
            <span className={cx(mini && "sr-only")}>{t("layout.verifyEmail")}</span>
          </Link>
        ) : null}
        <Link
          to="/reservations/new"
          title={mini ? t("layout.newRequest") : undefined}
          className={cx(
            "flex items-center gap-2 rounded bg-primary px-3 py-2 text-sm font-medium text-white hover:bg-primary-dark",
            mini && "justify-center px-0",
          )}
        >
          <Icon name="plus" />
          <span className={cx(mini && "sr-only")}>{t("layout.newRequest")}</span>
        </Link>
        <nav aria-label={t("layout.mainMenu")}>
          <ul className="flex flex-col gap-1">
            {menuItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  title={mini ? t(item.label) : undefined}
                  className={({ isActive }) =>
                    linkClasses(isActive || (isHome && item.to === "/dashboard"))
                  }
                  aria-current={isHome && item.to === "/dashboard" ? "page" : undefined}
                >
                  <Icon name={item.icon} />
                  <span className={cx(mini && "sr-only")}>{t(item.label)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <footer
        className={cx("border-t border-gray-200 p-3 text-xs text-gray-600", mini && "sr-only")}
      >
        <p>{t("layout.version", { version: localizeDigits(version, i18n.language) })}</p>
        <p>{t("layout.copyright", { year: localizeDigits(year, i18n.language) })}</p>
      </footer>
    </aside>
  );
}
