import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadAccountingReport } from "~/utils/provider/orders.server";
import { orProviderErrorPage } from "~/utils/provider-errors.server";
import { requireOrderId } from "~/utils/params.server";

/**
 * An order's accounting report (GET /api/AccountingReportClient/{id}), streamed through with the
 * provider's own file name and type: a plain link, so it downloads without JS.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { provider, orderId } = await requireOrderId(request, params);
  const file = await orProviderErrorPage(request, downloadAccountingReport(provider, orderId));
  const headers = new Headers({
    "Content-Type": file.headers.get("Content-Type") ?? "application/octet-stream",
    "Content-Disposition":
      file.headers.get("Content-Disposition") ??
      `attachment; filename="accounting-report-${orderId}"`,
    "Cache-Control": "private, no-store",
  });
  const length = file.headers.get("Content-Length");
  if (length) headers.set("Content-Length", length);
  return new Response(file.body, { headers });
}
