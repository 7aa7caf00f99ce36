import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "~/components/layout/language-switch";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Icon } from "~/components/ui/icon";

/** Today's dates in both calendars, language switch, Change Password and Log Out (spec §2 "Top bar"). */
export function TopBar({ today }: { today: { jalali: string; gregorian: string } }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 bg-white px-4 py-2 print:hidden">
      <p className="text-sm text-gray-700" data-testid="today">
        <span className="sr-only">{t("layout.today")}: </span>
        <span>{today.jalali}</span>
        <span className="mx-2 text-gray-400" aria-hidden="true">
          |
        </span>
        <span>{today.gregorian}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <LanguageSwitch />
        <Link
          to="/changePassword"
          className="flex items-center gap-1 rounded px-2 py-1 text-sm text-primary-dark hover:bg-primary-light"
        >
          <Icon name="key" />
          {t("layout.changePassword")}
        </Link>
        <LogoutForm />
      </div>
    </header>
  );
}

/** Sign-out is a POST (it changes state) made to look like a menu link. */
export function LogoutForm() {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/auth/logout">
      <AuthenticityTokenInput name="csrf" />
      <button
        type="submit"
        className="flex items-center gap-1 rounded px-2 py-1 text-sm text-primary-dark hover:bg-primary-light"
      >
        <Icon name="logout" />
        {t("layout.logout")}
      </button>
    </Form>
  );
}
