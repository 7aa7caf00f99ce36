import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getTranslator } from "~/utils/i18n.server";

/** Any unknown signed-in URL: a 404 inside the main layout. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getTranslator(request);
  throw data({ message: t("errors.notFound") }, { status: 404 });
}

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
