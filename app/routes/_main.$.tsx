import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Any unknown signed-in URL: a 404 inside the main layout. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = context.translator();
  throw data({ message: t("errors.notFound") }, { status: 404 });
}

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
