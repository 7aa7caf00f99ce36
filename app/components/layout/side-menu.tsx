import { Form, Link, NavLink, useFetcher, useLocation, useParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Apart } from "~/components/ui/apart";
import { Icon, type IconName } from "~/components/ui/icon";
import { NewRequestLink } from "~/components/wizard/new-request-link";
import { cx } from "~/utils/ui/misc";
import type { loader as notesLoader } from "~/routes/reservations.reservation-details.$requestId.notes";
import { notesPollKey } from "~/utils/requests/notes-poll";
import { localizeDigits } from "~/utils/format/numbers";
import { sidebarCookie } from "~/utils/ui/sidebar";

const menuItems: Array<{ to: string; label: string; icon: IconName }> = [
  { to: "/dashboard", label: "nav.dashboard", icon: "dashboard" },
  { to: "/reservations/list", label: "nav.requests", icon: "requests" },
  { to: "/orders", label: "nav.contracts", icon: "contracts" },
  { to: "/payments", label: "nav.payments", icon: "payments" },
  { to: "/transactions", label: "nav.transactions", icon: "transactions" },
  { to: "/agency/offers", label: "nav.offersSent", icon: "mail" },
];

type SideMenuProps = {
  mini: boolean;
  /** Null when the provider could not say (the layout shows a notice). */
  userName: string | null;
  agencyName: string | null;
  shouldVerifyEmail: boolean;
  /** Provider notes the agency has not read; null when the provider could not say. */
  unreadNotes: number | null;
  /** Requests whose payment deadline falls within 48 hours; null when the provider could not say. */
  paymentsDueSoon: number | null;
  version: string;
  /** In the user's calendar and digits. */
  year: string;
};

/**
 * The permanent side menu (spec §2 "Main layout"), on the start side, collapsible to icons only.
 * Below the `md` breakpoint (phones) it is always the icon rail, so the page keeps its width.
 */
export function SideMenu({
  mini: savedMini,
  userName,
  agencyName,
  shouldVerifyEmail,
  unreadNotes: unreadNotesOnLoad,
  paymentsDueSoon,
  version,
  year,
}: SideMenuProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const unreadNotes = useUnreadNotes(unreadNotesOnLoad);
  const isHome = location.pathname === "/";
  // With JS the click writes the cookie and flips the menu at once; no request, nothing to wait for.
  const [mini, setMini] = useState(savedMini);
  const toggle = (event: React.MouseEvent) => {
    event.preventDefault();
    document.cookie = sidebarCookie(mini ? "full" : "mini", { secure: window.isSecureContext });
    setMini(!mini);
  };
  // The mini look: always in mini mode, on phones only in full mode. Both spelled out for Tailwind.
  const miniLook = (always: string, phonesOnly: string) => (mini ? always : phonesOnly);
  const centred = miniLook("justify-center px-0", "max-md:justify-center max-md:px-0");
  const labelClasses = miniLook("sr-only", "max-md:sr-only");
  const linkClasses = (active: boolean) =>
    cx(
      "flex items-center gap-3 rounded px-3 py-2 text-sm",
      active
        ? "bg-primary-light font-semibold text-primary-dark"
        : "text-gray-800 hover:bg-gray-100",
      centred,
    );

  return (
    <aside
      data-testid="side-menu"
      data-mode={mini ? "mini" : "full"}
      className={cx(
        "sticky top-0 flex h-screen shrink-0 flex-col border-e border-gray-200 bg-white print:hidden",
        mini ? "w-sidebar-mini" : "w-sidebar-mini md:w-sidebar",
      )}
    >
      {/* Without JS the form posts and returns to this page. */}
      <Form
        method="post"
        action="/settings/sidebar"
        className={cx("flex p-2 max-md:hidden", mini ? "justify-center" : "justify-end")}
      >
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button
          type="submit"
          name="mode"
          value={mini ? "full" : "mini"}
          onClick={toggle}
          aria-expanded={!mini}
          aria-controls="side-menu-content"
          className="rounded p-2 text-gray-700 hover:bg-gray-100"
        >
          <Icon name="menu" label={mini ? t("layout.expandMenu") : t("layout.collapseMenu")} />
        </button>
      </Form>

      <div
        id="side-menu-content"
        className="flex flex-1 flex-col gap-4 overflow-y-auto px-2 pb-4 max-md:pt-2"
      >
        <Apart>
          {mini || !userName ? null : (
            <div className="px-3 max-md:hidden">
              <p className="font-semibold" data-testid="user-name" dir="auto">
                {userName}
              </p>
              <p className="text-sm text-gray-600" data-testid="agency-name" dir="auto">
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
                centred,
              )}
            >
              <Icon name="mail" />
              <span className={labelClasses}>{t("layout.verifyEmail")}</span>
            </Link>
          ) : null}
          <NewRequestLink
            title={mini ? t("layout.newRequest") : undefined}
            className={cx(
              "flex items-center gap-2 rounded bg-primary px-3 py-2 text-sm font-medium text-white hover:bg-primary-dark",
              centred,
            )}
          >
            <Icon name="plus" />
            <span className={labelClasses}>{t("layout.newRequest")}</span>
          </NewRequestLink>
          <nav aria-label={t("layout.mainMenu")}>
            <ul className="flex flex-col gap-1">
              {menuItems.map((item) => {
                const isRequests = item.to === "/reservations/list";
                const unread = isRequests ? unreadNotes : null;
                const due = isRequests ? paymentsDueSoon : null;
                // ", 3 unread notes, 2 payments due within 48 hours" after "Requests": in the icon
                // rail shown on hover; in the full menu the badges say it (RequestsBadges).
                const unreadText = [
                  unread ? t("layout.unreadNotesSpoken", { count: unread, number: unread }) : "",
                  due ? t("layout.paymentsDueSpoken", { count: due, number: due }) : "",
                ]
                  .map((text) => localizeDigits(text, i18n.language))
                  .join("");
                return (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      title={mini ? `${t(item.label)}${unreadText}` : undefined}
                      className={({ isActive }) =>
                        linkClasses(isActive || (isHome && item.to === "/dashboard"))
                      }
                      aria-current={isHome && item.to === "/dashboard" ? "page" : undefined}
                    >
                      <Icon name={item.icon} />
                      <span className={labelClasses}>{t(item.label)}</span>
                      {unread || due ? (
                        <RequestsBadges unread={unread} due={due} mini={mini} />
                      ) : null}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
        </Apart>
      </div>

      <footer className={cx("border-t border-gray-200 p-3 text-xs text-gray-600", labelClasses)}>
        <p>{t("layout.version", { version: localizeDigits(version, i18n.language) })}</p>
        <p>{t("layout.copyright", { year })}</p>
      </footer>
    </aside>
  );
}

/**
 * The count the page was loaded with, or, on a request's details page, the newer one its notes poll
 * brings every 10 s (the poll marks that thread read, and notes may arrive on other requests).
 */
function useUnreadNotes(onLoad: number | null) {
  const { requestId } = useParams();
  const poll = useFetcher<typeof notesLoader>({ key: notesPollKey(requestId ?? "none") });
  return (requestId ? poll.data?.unreadNotes : null) ?? onLoad;
}

/**
 * The numbers beside "Requests", for the eye, unread notes in blue and payments due within 48 hours
 * in red; their words (", 3 unread notes") beside them for a screen reader and a browser without
 * CSS, which then reads "Requests, 3 unread notes, 2 payments…" and not "Requests32".
 */
function RequestsBadges({
  unread,
  due,
  mini,
}: {
  unread: number | null;
  due: number | null;
  mini: boolean;
}) {
  const badge = "rounded-full px-1.5 py-0.5 text-xs font-semibold text-white";
  return (
    <span
      className={cx(
        "flex gap-0.5",
        // In the icon rail the numbers sit on the icon's corner.
        mini ? "absolute -mt-5 ms-3" : "max-md:absolute max-md:-mt-5 max-md:ms-3 md:ms-auto",
      )}
    >
      {unread ? (
        <SpokenCount
          count={unread}
          textKey="layout.unreadNotesSpoken"
          testId="unread-notes-count"
          className={cx(badge, "bg-primary")}
        />
      ) : null}
      {due ? (
        <SpokenCount
          count={due}
          textKey="layout.paymentsDueSpoken"
          testId="payments-due-count"
          className={cx(badge, "bg-red-700")}
        />
      ) : null}
    </span>
  );
}

/** A badge's number shown, the words around it in its sentence for the ear and the text. */
function SpokenCount({
  count,
  textKey,
  testId,
  className,
}: {
  count: number;
  textKey: string;
  testId: string;
  className: string;
}) {
  const { t, i18n } = useTranslation();
  const number = localizeDigits(count, i18n.language);
  const [before, after] = localizeDigits(
    t(textKey, { count, number: "\u0000" }),
    i18n.language,
  ).split("\u0000");
  return (
    <>
      <span className="sr-only">{before}</span>
      <span className={className}>
        <span data-testid={testId}>{number}</span>
        <span className="sr-only">{after}</span>
      </span>
    </>
  );
}
