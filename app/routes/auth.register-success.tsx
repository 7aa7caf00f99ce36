import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import { pageTitleMeta } from "~/utils/i18n/meta";

export async function loader({ context }: LoaderFunctionArgs) {
  const t = context.translator("auth");
  return { title: t("registerSuccess.title") };
}

export default function RegisterSuccessPage() {
  const { t } = useTranslation("auth");
  return (
    <Card title={t("registerSuccess.heading")} headingLevel={1} className="mx-auto max-w-md">
      <p role="status">{t("registerSuccess.message")}</p>
      <p className="mt-6">
        <Link to="/auth/login" className="text-primary-dark underline">
          {t("register.backToLogin")}
        </Link>
      </p>
    </Card>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);
