import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

type ErrorData = { message?: string } | string | undefined;

function messageOf(data: ErrorData) {
  if (typeof data === "string") return data;
  return data?.message;
}

/**
 * The one error display every route uses. Loaders throw `data({ message }, { status })` with a
 * translated message (see provider-errors.server.ts); anything else is an unexpected failure.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();

  let title = t("errors.unexpectedTitle");
  let message = t("errors.unexpected");
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = t("errors.notFoundTitle");
      message = messageOf(error.data) ?? t("errors.notFound");
    } else {
      title =
        error.status === 503 ? t("errors.providerUnavailableTitle") : t("errors.unexpectedTitle");
      message = messageOf(error.data) ?? message;
    }
  } else {
    console.error(error);
  }

  return (
    <section role="alert" className="rounded border border-red-200 bg-white p-6">
      <h1 className="text-xl font-semibold text-red-800">{title}</h1>
      <p className="mt-2 text-gray-800">{message}</p>
      <p className="mt-4">
        <Link to="." reloadDocument className="text-primary-dark underline">
          {t("actions.tryAgain")}
        </Link>
        <span className="mx-2 text-gray-400" aria-hidden="true">
          ·
        </span>
        <Link to="/dashboard" className="text-primary-dark underline">
          {t("nav.dashboard")}
        </Link>
      </p>
    </section>
  );
}
