import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/utils/session/toast.server";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitchInForm, type TypedFormHandle } from "~/components/layout/language-switch";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, SelectField, TextareaField, TextField } from "~/components/forms";
import { PaymentsTable } from "~/components/payments-table";
import type { ReceiptDialogProps } from "~/components/receipt-dialog";
import { OutstandingAmount } from "~/components/outstanding-amount";
import type { ReceiptActionData } from "~/components/receipt-form";
import { OrderStateChip, RequestStateChip, TicketStateChip } from "~/components/state-chips";
import { StatusButton, buttonClasses } from "~/components/ui/button";
import { Apart } from "~/components/ui/apart";
import { Card } from "~/components/ui/card";
import { formatDate } from "~/utils/format/dates";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { switchedLanguage } from "~/utils/forms/language-switch.server";
import { requireOrderId } from "~/utils/http/params.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { useIsPending } from "~/utils/ui/misc";
import { moneyIn } from "~/utils/format/numbers";
import { currencySigns } from "~/utils/provider/client.server";
import { getOrder } from "~/utils/provider/orders.server";
import { getOrderPayments } from "~/utils/provider/payments.server";
import { getTickets, openTicket } from "~/utils/provider/tickets.server";
import { TICKET_CATEGORIES } from "~/utils/money/order-states";
import {
  orProviderErrorPage,
  providerErrorReply,
  settle,
} from "~/utils/http/provider-errors.server";
import { paymentRows } from "~/utils/money/payment-rows.server";
import { receiptDefaultsFor, receiptOptions } from "~/utils/money/receipt.server";
import { requiredText } from "~/utils/forms/validation";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { userOverLimitMessage } from "~/utils/limits/rate-limit.server";
import { dataBroughtFor } from "~/utils/wizard/continue";
import { PrefetchRoutes } from "~/components/prefetch-routes";

export const handle = {
  i18n: ["common", "orders", "payments", "requests", "wizard"],
  typedForm: ({ order }: { order: { id: number } }) => newTicketFormId(order.id),
} satisfies TypedFormHandle;

const newTicketFormId = (orderId: number) => `new-ticket-${orderId}`;

/**
 * An order (contract): its figures, its reservation requests (and adding one), its payments and
 * a receipt for a new one, the accounting report, and its support tickets.
 */

const ticketSchema = z.object({
  category: z
    .string({ required_error: "validation.required" })
    .refine(
      (value) => (TICKET_CATEGORIES as readonly number[]).includes(Number(value)),
      "validation.required",
    ),
  subject: requiredText(120),
  message: requiredText(4000),
});

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { provider, orderId } = await requireOrderId(request, context, params);
  const language = context.language;
  const t = context.translator("orders");
  const [order, payments, tickets, options, signs] = await Promise.all([
    orProviderErrorPage(context, getOrder(provider, orderId)),
    settle(context, getOrderPayments(provider, orderId)),
    settle(context, getTickets(provider, orderId)),
    settle(context, receiptOptions(provider)),
    currencySigns(provider),
  ]);
  const moneyInAny = moneyIn(language, signs);
  const money = (amount: number) => moneyInAny(amount, order.Currency);
  return {
    title: t("details.title", { number: order.ContractNumber }),
    order: {
      id: order.Id,
      number: order.ContractNumber,
      date: formatDate(order.CreateDate, language),
      total: money(order.TotalAmount),
      paid: money(order.PaidAmount),
      balance: money(order.Balance),
      currency: order.Currency,
      state: order.State,
    },
    requests: order.Requests.map((entry) => ({
      id: entry.Id,
      number: entry.RequestNumber,
      hotel: entry.HotelName,
      stay: [entry.CheckInDate, entry.CheckoutDate]
        .map((date) => (date ? formatDate(date, language) : "—"))
        .join(" – "),
      state: entry.State,
      total: money(entry.TotalPrice),
    })),
    payments: payments.ok
      ? { ok: true as const, rows: paymentRows(payments.data, language, moneyInAny) }
      : { ok: false as const, error: payments.error },
    tickets: tickets.ok
      ? {
          ok: true as const,
          rows: tickets.data.map((ticket) => ({
            id: ticket.Id,
            subject: ticket.Subject,
            category: ticket.TicketCategory,
            closed: ticket.IsClosed,
            updated: formatDate(ticket.LastUpdateDateTime, language, "dateTime"),
          })),
        }
      : { ok: false as const, error: tickets.error },
    receiptOptions: options.ok
      ? (({ currencyIds, ...rest }) => ({
          ...rest,
          ...receiptDefaultsFor(order, payments.ok ? payments.data : null, currencyIds, money),
        }))(options.data)
      : null,
  };
}

// With JS the order may come with the receipt sent for it (decision 044).
export const clientLoader = dataBroughtFor("step");

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  const { provider, orderId } = await requireOrderId(request, context, params);
  const submission = parseTypedForm(formData, { schema: ticketSchema });
  const switched = await switchedLanguage(context, formData, submission.payload);
  if (switched) return data(switched.result, { headers: switched.headers });
  if (submission.status !== "success") {
    const t = context.translator("orders");
    // Spec §5: the new-ticket form's own message, above its fields.
    return data(submission.reply({ formErrors: [t("tickets.completeAll")] }), { status: 400 });
  }
  const overLimit = await userOverLimitMessage(request, context, "ticketsPerUser");
  if (overLimit) return data(submission.reply({ formErrors: [overLimit] }), { status: 429 });
  let ticketId: number;
  try {
    ({ Id: ticketId } = await openTicket(provider, {
      OrderId: orderId,
      TicketCategory: Number(submission.value.category),
      Subject: submission.value.subject,
      Content: submission.value.message,
    }));
  } catch (error) {
    return providerErrorReply(context, error, submission);
  }
  // Spec §8: the ticket opens with the portal's word that it was sent.
  throw await redirectWithToast(`/orders/order-details/${orderId}/tickets/${ticketId}`, {
    type: "success",
    message: context.translator("orders")("tickets.opened"),
  });
}

export default function OrderDetails() {
  const { order, requests, payments, tickets, receiptOptions } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const term = "text-gray-600";
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">
        {t("details.heading")} <bdi dir="ltr">{order.number}</bdi>
      </h1>
      <Card title={t("details.summary")} headingLevel={2}>
        <dl
          className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]"
          data-testid="order-summary"
        >
          <dt className={term}>{t("fields.date")}</dt>
          <dd>{order.date}</dd>
          <dt className={term}>{t("fields.total")}</dt>
          <dd>{order.total}</dd>
          <dt className={term}>{t("fields.paid")}</dt>
          <dd>{order.paid}</dd>
          <dt className={term}>{t("fields.balance")}</dt>
          <dd className="font-semibold">{order.balance}</dd>
          <dt className={term}>{t("fields.currency")}</dt>
          <dd>{order.currency}</dd>
          <dt className={term}>{t("fields.state")}</dt>
          <dd>
            <OrderStateChip state={order.state} />
          </dd>
        </dl>
        <a
          href={`/orders/order-details/${order.id}/accounting-report`}
          download
          className={buttonClasses("secondary", "mt-4")}
        >
          {t("details.accountingReport")}
        </a>
      </Card>

      <Card title={t("details.requests")} headingLevel={2}>
        <ScrollRegion label={t("details.requestsTableLabel")}>
          <table className="w-full min-w-[36rem] text-sm" data-testid="order-requests">
            <thead className="border-b border-gray-300 text-gray-700">
              <tr>
                <th scope="col" className="px-2 py-2 text-start font-medium">
                  {t("requests:fields.number")}
                </th>
                <th scope="col" className="px-2 py-2 text-start font-medium">
                  {t("requests:fields.hotel")}
                </th>
                <th scope="col" className="px-2 py-2 text-start font-medium">
                  {t("requests:fields.stay")}
                </th>
                <th scope="col" className="px-2 py-2 text-start font-medium">
                  {t("requests:fields.state")}
                </th>
                <th scope="col" className="px-2 py-2 text-end font-medium">
                  {t("fields.total")}
                </th>
              </tr>
            </thead>
            <tbody>
              {requests.map((entry) => (
                <tr key={entry.id} className="border-b border-gray-100">
                  <td className="px-2 py-2">
                    <Link
                      to={`/reservations/reservation-details/${entry.id}`}
                      className="text-primary-dark underline"
                    >
                      <bdi dir="ltr">{entry.number}</bdi>
                    </Link>
                  </td>
                  <td className="px-2 py-2">
                    <bdi>{entry.hotel}</bdi>
                  </td>
                  <td className="whitespace-nowrap px-2 py-2">{entry.stay}</td>
                  <td className="px-2 py-2">
                    <RequestStateChip state={entry.state} />
                  </td>
                  <td className="whitespace-nowrap px-2 py-2 text-end">{entry.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <Link
          to={`/reservations/add-reservation/${order.id}`}
          className={buttonClasses("secondary", "mt-4")}
        >
          {t("details.addRequest")}
        </Link>
      </Card>

      <section id="payments" aria-labelledby="payments-heading" className="scroll-mt-4">
        <Card>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="payments-heading" className="text-lg font-semibold">
              {t("details.payments")}
            </h2>
            {receiptOptions ? (
              <div className="flex flex-wrap items-center gap-3">
                {receiptOptions.outstanding ? (
                  <OutstandingAmount outstanding={receiptOptions.outstanding} />
                ) : null}
                <SubmitReceipt orderId={order.id} options={receiptOptions} />
              </div>
            ) : null}
          </div>
          {payments.ok ? (
            payments.rows.length ? (
              <PaymentsTable rows={payments.rows} testId="order-payments" />
            ) : (
              <p className="text-sm text-gray-600">{t("details.noPayments")}</p>
            )
          ) : (
            <p role="alert" className="text-sm text-red-800">
              {payments.error}
            </p>
          )}
        </Card>
      </section>

      <Tickets orderId={order.id} tickets={tickets} />
    </div>
  );
}

/** The dialog and Headless UI with it: loaded when the user shows an interest, not with the page. */
const loadReceiptDialog = () => import("~/components/receipt-dialog");
// A download that fails on a bad line sends the user to the receipt page instead of an error.
const ReceiptDialog = lazy<ComponentType<ReceiptDialogProps>>(() =>
  loadReceiptDialog().catch(() => ({ default: GoToReceiptPage })),
);

// A failed early download is met again, and handled, when the dialog is opened.
const prefetchReceiptDialog = () => void loadReceiptDialog().catch(() => {});

function GoToReceiptPage({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/orders/order-details/${orderId}/receipt`);
  }, [navigate, orderId]);
  return null;
}

/** The receipt page's route, whose `clientAction` the dialog's post goes through. */
const RECEIPT_ROUTE_ID = "routes/_main.orders.order-details.$orderId_.receipt";

/**
 * "Submit a receipt": with JS a dialog holding the receipt form, posted in the background; the
 * answer brings the order with the receipt under review, and the page moves to its payments
 * (decision 044); without JS a link to the receipt page.
 */
function SubmitReceipt({
  orderId,
  options,
}: {
  orderId: number;
  options: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["receiptOptions"]>;
}) {
  const { t } = useTranslation("payments");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it keeps the dialog's own closing behaviour.
  const [wanted, setWanted] = useState(false);
  const fetcher = useFetcher<ReceiptActionData>({ key: `receipt-${orderId}` });
  // A receipt sent moves the page to the order's payments: the dialog has done its work.
  const { key } = useLocation();
  useEffect(() => setOpen(false), [key]);
  const page = `/orders/order-details/${orderId}/receipt`;
  if (!hydrated)
    return (
      <Link to={page} className={buttonClasses("primary")}>
        {t("receipt.open")}
      </Link>
    );
  return (
    <>
      <Link
        to={page}
        // Pointing at or tabbing to the button starts the download, so a click rarely waits.
        onPointerEnter={prefetchReceiptDialog}
        onFocus={prefetchReceiptDialog}
        onClick={(event) => {
          event.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
        className={buttonClasses("primary")}
      >
        {t("receipt.open")}
      </Link>
      {wanted ? (
        <>
          {/* Loaded while the clerk fills the form: the post waits for its module. */}
          <PrefetchRoutes paths={[]} routeIds={[RECEIPT_ROUTE_ID]} />
          <Suspense
            fallback={
              <p role="status" className="text-sm text-gray-700">
                {t("common:loading")}
              </p>
            }
          >
            <ReceiptDialog
              open={open}
              onClose={() => setOpen(false)}
              orderId={orderId}
              options={options}
              fetcher={fetcher}
            />
          </Suspense>
        </>
      ) : null}
    </>
  );
}

function Tickets({
  orderId,
  tickets,
}: {
  orderId: number;
  tickets: ReturnType<typeof useLoaderData<typeof loader>>["tickets"];
}) {
  const { t } = useTranslation("orders");
  const lastResult = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm({
    id: newTicketFormId(orderId),
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <section id="tickets" aria-labelledby="tickets-heading" className="scroll-mt-4">
      <Card>
        <h2 id="tickets-heading" className="mb-4 text-lg font-semibold">
          {t("tickets.heading")}
        </h2>
        {tickets.ok ? (
          tickets.rows.length ? (
            <ul className="mb-6 flex flex-col divide-y divide-gray-100" data-testid="tickets">
              {tickets.rows.map((ticket) => (
                <li key={ticket.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                  <Apart>
                    <Link
                      to={`/orders/order-details/${orderId}/tickets/${ticket.id}`}
                      className="font-medium text-primary-dark underline"
                    >
                      <bdi>{ticket.subject}</bdi>
                    </Link>
                    <span className="text-gray-700">
                      {t(`tickets.categories.${ticket.category}`)}
                    </span>
                    <TicketStateChip closed={ticket.closed} />
                    <span className="text-gray-600">
                      {t("tickets.updated", { date: ticket.updated })}
                    </span>
                  </Apart>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-6 text-sm text-gray-600">{t("tickets.none")}</p>
          )
        ) : (
          <p role="alert" className="mb-6 text-sm text-red-800">
            {tickets.error}
          </p>
        )}
        <h3 className="mb-2 font-medium">{t("tickets.open")}</h3>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
          <AuthenticityTokenInput name="csrf" />
          <ErrorSummary
            form={form}
            fields={[
              { meta: fields.category, label: t("tickets.category") },
              { meta: fields.subject, label: t("tickets.subject") },
              { meta: fields.message, label: t("tickets.message") },
            ]}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              meta={fields.category}
              label={t("tickets.category")}
              placeholder={t("tickets.chooseCategory")}
              options={TICKET_CATEGORIES.map((value) => ({
                value: String(value),
                label: t(`tickets.categories.${value}`),
              }))}
            />
            <TextField meta={fields.subject} label={t("tickets.subject")} />
          </div>
          <TextareaField meta={fields.message} label={t("tickets.message")} />
          <div>
            <StatusButton pending={isPending} disabled={isPending}>
              {t("tickets.send")}
            </StatusButton>
          </div>
          <LanguageSwitchInForm />
        </Form>
      </Card>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
