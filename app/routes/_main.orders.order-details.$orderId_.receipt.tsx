import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReceiptForm } from "~/components/receipt-form";
import type { TypedFormHandle } from "~/components/layout/language-switch";
import { Card } from "~/components/ui/card";
import { requireOrderId } from "~/utils/http/params.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { getOrder } from "~/utils/provider/orders.server";
import { orProviderErrorPage, settle } from "~/utils/http/provider-errors.server";
import { getOrderPayments } from "~/utils/provider/payments.server";
import { receiptDefaultsFor, receiptOptions, sendReceipt } from "~/utils/money/receipt.server";
import { currencySigns } from "~/utils/provider/client.server";
import { moneyIn } from "~/utils/format/numbers";
import { continueWithItsData } from "~/utils/wizard/continue";

export const handle = {
  i18n: ["common", "payments", "wizard"],
  typedForm: ({ orderId }: { orderId: number }) => `receipt-${orderId}`,
} satisfies TypedFormHandle;

/**
 * Submit a receipt for an order, as a page: where the order's "Submit a receipt" leads without JS
 * (with JS the same form opens in a dialog on the order, and posts here).
 */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { provider, orderId } = await requireOrderId(request, context, params);
  const t = context.translator("payments");
  const [order, { currencyIds, ...options }, payments, signs] = await Promise.all([
    orProviderErrorPage(context, getOrder(provider, orderId)),
    orProviderErrorPage(context, receiptOptions(provider)),
    // Only to see a payment under review: a page without them is still a receipt form.
    settle(context, getOrderPayments(provider, orderId)),
    currencySigns(provider),
  ]);
  const money = (amount: number) => moneyIn(context.language, signs)(amount, order.Currency);
  return {
    title: t("receipt.title", { number: order.ContractNumber }),
    orderId,
    options: {
      ...options,
      ...receiptDefaultsFor(order, payments.ok ? payments.data : null, currencyIds, money),
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

// Without JS the early answer to an oversized file must reach the browser with its headers.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function action({ request, params, context }: ActionFunctionArgs) {
  return sendReceipt(request, context, params);
}

/** With JS the receipt's answer brings its order: the page moves on without asking again. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  continueWithItsData(serverAction<typeof action>);

export default function ReceiptPage() {
  const { title, orderId, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>();
  const { t } = useTranslation("payments");
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <Link
          to={`/orders/order-details/${orderId}`}
          className="text-sm text-primary-dark underline"
        >
          {t("receipt.back")}
        </Link>
      </div>
      <Card>
        <ReceiptForm
          orderId={orderId}
          options={options}
          lastResult={actionData?.result}
          chooseFileAgain={actionData?.chooseFileAgain}
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
