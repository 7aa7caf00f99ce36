import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type {
  ActionFunctionArgs,
  AppLoadContext,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageSwitchInForm, type TypedFormHandle } from "~/components/layout/language-switch";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, TextareaField } from "~/components/forms";
import { TicketStateChip } from "~/components/state-chips";
import { StatusButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatDate } from "~/utils/format/dates";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { switchedLanguage } from "~/utils/forms/language-switch.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { idParam, requireOrderId } from "~/utils/http/params.server";
import { cx, useIsPending } from "~/utils/ui/misc";
import { getTicket, replyToTicket } from "~/utils/provider/tickets.server";
import { orProviderErrorPage, providerErrorReply } from "~/utils/http/provider-errors.server";
import { requiredText } from "~/utils/forms/validation";
import { userOverLimitMessage } from "~/utils/limits/rate-limit.server";

type TicketView = { id: number; closed: boolean; messages: unknown[] };

export const handle = {
  i18n: ["common", "orders"],
  typedForm: ({ ticket }: { ticket: TicketView }) =>
    ticket.closed ? undefined : replyFormId(ticket),
} satisfies TypedFormHandle;

/** A new id once a message is added, so the box starts empty after a reply sent with JS. */
const replyFormId = (ticket: TicketView) => `reply-${ticket.id}-${ticket.messages.length}`;

/** A support ticket's thread (its first message, then the replies), and a reply while it is open. */

const replySchema = z.object({ message: requiredText(4000) });

async function requireTicket(
  request: Request,
  context: AppLoadContext,
  params: LoaderFunctionArgs["params"],
) {
  const { provider, orderId } = await requireOrderId(request, context, params);
  const ticketId = idParam(params, "ticketId");
  const ticket = await orProviderErrorPage(context, getTicket(provider, ticketId));
  // A ticket belongs to its order: another order's URL is not its address.
  if (ticket.OrderId !== orderId) throw new Response("Not found", { status: 404 });
  return { provider, orderId, ticket };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { orderId, ticket } = await requireTicket(request, context, params);
  const { language } = context;
  const t = context.translator("orders");
  return {
    title: t("tickets.title", { subject: ticket.Subject }),
    orderId,
    ticket: {
      id: ticket.Id,
      subject: ticket.Subject,
      category: ticket.TicketCategory,
      closed: ticket.IsClosed,
      messages: ticket.Tickets.map((message) => ({
        id: message.Id,
        content: message.Content,
        author: message.CreatorUserName,
        fromProvider: message.IsBroker,
        at: formatDate(message.CreateDateTime, language, "dateTime"),
      })),
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  const { provider, orderId, ticket } = await requireTicket(request, context, params);
  const submission = parseTypedForm(formData, { schema: replySchema });
  const switched = await switchedLanguage(context, formData, submission.payload);
  if (switched) return data(switched.result, { headers: switched.headers });
  if (ticket.IsClosed) {
    const t = context.translator("orders");
    return data(submission.reply({ formErrors: [t("tickets.closedNote")] }), { status: 403 });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const overLimit = await userOverLimitMessage(request, context, "ticketsPerUser");
  if (overLimit) return data(submission.reply({ formErrors: [overLimit] }), { status: 429 });
  try {
    await replyToTicket(provider, { ParentId: ticket.Id, Content: submission.value.message });
  } catch (error) {
    return providerErrorReply(context, error, submission);
  }
  throw redirect(`/orders/order-details/${orderId}/tickets/${ticket.Id}#reply`);
}

export default function TicketThread() {
  const { orderId, ticket } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("orders");
  const isPending = useIsPending();
  const [form, fields] = useForm({
    id: replyFormId(ticket),
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: replySchema }),
  });
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">
          <bdi>{ticket.subject}</bdi>
        </h1>
        <p className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
          <span>{t(`tickets.categories.${ticket.category}`)}</span>{" "}
          <TicketStateChip closed={ticket.closed} />
        </p>
        <Link
          to={`/orders/order-details/${orderId}#tickets`}
          className="text-sm text-primary-dark underline"
        >
          {t("tickets.back")}
        </Link>
      </div>
      <Card title={t("tickets.thread")} headingLevel={2}>
        <ol className="flex flex-col gap-2" data-testid="ticket-thread">
          {ticket.messages.map((message) => (
            <li
              key={message.id}
              data-from={message.fromProvider ? "provider" : "agency"}
              className={cx(
                "max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm",
                message.fromProvider ? "self-start bg-gray-50" : "self-end bg-primary-light",
              )}
            >
              <p className="mb-1 text-xs text-gray-600">
                <span className="font-medium">
                  {message.fromProvider ? t("tickets.provider") : <bdi>{message.author}</bdi>}
                </span>{" "}
                · <time>{message.at}</time>
              </p>
              <p dir="auto" className="whitespace-pre-line break-words">
                {message.content}
              </p>
            </li>
          ))}
        </ol>
      </Card>
      <div id="reply" className="scroll-mt-4">
        <Card title={t("tickets.reply")} headingLevel={2}>
          {ticket.closed ? (
            <p data-testid="ticket-closed" className="text-sm text-gray-700">
              {t("tickets.closedNote")}
            </p>
          ) : (
            <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
              <AuthenticityTokenInput name="csrf" />
              <ErrorSummary form={form} fields={[]} />
              <TextareaField meta={fields.message} label={t("tickets.message")} />
              <div>
                <StatusButton pending={isPending} disabled={isPending}>
                  {t("tickets.sendReply")}
                </StatusButton>
              </div>
              <LanguageSwitchInForm />
            </Form>
          )}
        </Card>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
