import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import { useRequestsListAfterSubmit } from "~/utils/after-submit";
import type { ChangeFrame } from "~/utils/request-details.server";

/**
 * A modify screen's frame: which request, the provider's answer to "may this be changed?"
 * before any form, the form when it may, and the success message once it is sent (with JS the
 * requests list follows a second later).
 */
export function ModifyFrame({
  title,
  frame,
  submitted,
  children,
}: {
  title: string;
  frame: ChangeFrame;
  submitted: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation("requests");
  useRequestsListAfterSubmit(Boolean(submitted));
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-gray-700">
          <bdi>{t("modify.of", { number: frame.number, hotel: frame.hotel })}</bdi>
        </p>
        <Link
          to={`/reservations/reservation-details/${frame.id}`}
          className="text-sm text-primary-dark underline"
        >
          {t("modify.back")}
        </Link>
      </div>
      {submitted ? (
        <Card>
          <p role="status" className="font-semibold text-green-800">
            {t("modify.doneNumber", { number: submitted })}
          </p>
        </Card>
      ) : frame.permission.allowed ? (
        <>
          <p className="text-sm text-green-900" data-testid="change-allowed">
            {t("modify.allowed")}
          </p>
          {children}
        </>
      ) : (
        <p
          role="alert"
          data-testid="change-refused"
          className="rounded border-s-4 border-amber-500 bg-amber-50 p-3"
        >
          {t("modify.notAllowed", { reason: frame.permission.reason ?? "" })}
        </p>
      )}
    </div>
  );
}
