import { downloadHeaders, orDownloadErrorPage } from "~/utils/http/file-download.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadAccountingReport } from "~/utils/provider/orders.server";
import { requireOrderId } from "~/utils/http/params.server";

/**
 * An order's accounting report (GET /api/AccountingReportClient/{id}), streamed through as a
 * download (`downloadHeaders`): a plain link, so it downloads without JS.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { provider, orderId } = await requireOrderId(request, context, params);
  const file = await orDownloadErrorPage(
    context,
    downloadAccountingReport(provider, orderId),
    `/orders/order-details/${orderId}`,
  );
  const headers = downloadHeaders(file, `accounting-report-${orderId}`);
  return new Response(file.body, { headers });
}
