import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LanguageSwitch } from "~/components/layout/language-switch";

export const handle = { i18n: ["common", "auth"] };

/** The login layout (spec §2 "Public routes"): site title and subtitle above a small card. */
function AuthLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("auth");
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-8">
      <div className="flex w-full max-w-2xl justify-end">
        <LanguageSwitch />
      </div>
      <header className="mt-6 text-center">
        <p className="text-2xl font-bold text-primary-dark">{t("siteTitle")}</p>
        <p className="mt-1 text-gray-700">{t("siteSubtitle")}</p>
      </header>
      <main className="mt-8 w-full max-w-2xl">{children}</main>
    </div>
  );
}

export default function AuthLayoutRoute() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return (
    <AuthLayout>
      <GeneralErrorBoundary />
    </AuthLayout>
  );
}
