import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

type ErrorData = { title?: string; message?: string; code?: string } | string | undefined;

function messageOf(data: ErrorData) {
  if (typeof data === "string") return data;
  return data?.message;
}

/**
 * The one error display every route uses. Loaders throw `data({ message }, { status })` with a
 * translated message (see provider-errors.server.ts), and a `title` where the status alone does
 * not name the case; anything else is an unexpected failure.
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
    if (typeof error.data === "object" && error.data?.title) title = error.data.title;
    // The session store did not answer (store-unavailable.server.ts): said in the user's language.
    if (typeof error.data === "object" && error.data?.code === "storeUnavailable") {
      title = t("errors.storeUnavailableTitle");
      message = t("errors.storeUnavailable");
    }
  } else {
    console.error(error);
  }

  return <FailureNotice title={title} message={message} />;
}

/**
 * What failed and the ways on (the page again, the dashboard): a whole page's error, or the part
 * of a page that could not be loaded (`headingLevel` 2) while the rest of it is shown.
 */
export function FailureNotice({
  title,
  message,
  headingLevel = 1,
}: {
  title: string;
  message: string;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section role="alert" className="rounded border border-red-200 bg-white p-6">
      <Heading className="text-xl font-semibold text-red-800">{title}</Heading>
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
