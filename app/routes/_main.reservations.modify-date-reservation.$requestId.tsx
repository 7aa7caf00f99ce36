import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EnhancedInput, ErrorSummary, TextField } from "~/components/forms";
import { ModifyFrame } from "~/components/modify-frame";
import { StatusButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { isEnhanced, submittedResponse } from "~/utils/after-submit.server";
import { formatDateInput } from "~/utils/date-input";
import { formatDate } from "~/utils/dates";
import { readForm } from "~/utils/form-data.server";
import { getTranslator } from "~/utils/i18n.server";
import { pageTitleMeta } from "~/utils/meta";
import { useIsPending } from "~/utils/misc";
import { changeRequestDates } from "~/utils/provider/reserve-requests.server";
import { providerErrorReply } from "~/utils/provider-errors.server";
import { providerToday } from "~/utils/provider-clock.server";
import { changeFrame, loadRequestChange } from "~/utils/request-details.server";
import { stayDatesSchema } from "~/utils/reservation-wizard";

export const handle = { i18n: ["common", "requests", "wizard"] };

/** Modify check-in/out dates: the same date rules as the wizard's first step. */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { language, summary, permission } = await loadRequestChange(request, params, "Dates");
  const t = await getTranslator(request, "requests");
  const date = (value: string | null) => (value ? formatDate(value, language, "long") : "—");
  return {
    title: t("modify.datesTitle"),
    frame: changeFrame(summary, permission),
    today: providerToday(),
    current: t("modify.current", {
      checkIn: date(summary.CheckInDate),
      checkOut: date(summary.CheckoutDate),
    }),
    defaults: {
      checkIn: summary.CheckInDate ? formatDateInput(summary.CheckInDate, language) : "",
      checkOut: summary.CheckoutDate ? formatDateInput(summary.CheckoutDate, language) : "",
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const { provider, requestId, language, summary, permission } = await loadRequestChange(
    request,
    params,
    "Dates",
  );
  const submission = parseWithZod(formData, {
    schema: stayDatesSchema(language, providerToday()),
  });
  if (!permission.Allowed)
    return data(
      { result: submission.reply({ formErrors: [permission.Reason ?? ""] }), submitted: null },
      { status: 403 },
    );
  if (submission.status !== "success")
    return data({ result: submission.reply(), submitted: null }, { status: 400 });
  try {
    await changeRequestDates(provider, {
      Id: requestId,
      CheckInDate: submission.value.checkIn,
      CheckOutDate: submission.value.checkOut,
    });
  } catch (error) {
    const reply = await providerErrorReply(request, error, submission, {
      fieldNames: { CheckInDate: "checkIn", CheckOutDate: "checkOut" },
    });
    return data({ result: reply.data, submitted: null }, reply.init ?? undefined);
  }
  const t = await getTranslator(request, "requests");
  return submittedResponse(isEnhanced(formData), t("modify.done"), {
    result: null,
    submitted: summary.RequestNumber,
  });
}

export default function ModifyDates() {
  const { title, frame, today, current, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("requests");
  const isPending = useIsPending();
  const [form, fields] = useForm({
    id: "modify-dates",
    lastResult: actionData?.result,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: stayDatesSchema(i18n.language, today) }),
  });
  const hint = t(
    i18n.language === "fa" ? "wizard:datePlaceholderJalali" : "wizard:datePlaceholder",
  );
  return (
    <ModifyFrame title={title} frame={frame} submitted={actionData?.submitted ?? null}>
      <Card>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <AuthenticityTokenInput name="csrf" />
          <EnhancedInput />
          <ErrorSummary
            formErrors={form.errors}
            formErrorId={form.errorId}
            fields={[
              { meta: fields.checkIn, label: t("wizard:hotel.checkIn") },
              { meta: fields.checkOut, label: t("wizard:hotel.checkOut") },
            ]}
          />
          <p className="text-sm text-gray-700">{current}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              meta={fields.checkIn}
              label={t("wizard:hotel.checkIn")}
              hint={hint}
              inputMode="numeric"
              dir="ltr"
            />
            <TextField
              meta={fields.checkOut}
              label={t("wizard:hotel.checkOut")}
              hint={hint}
              inputMode="numeric"
              dir="ltr"
            />
          </div>
          <p className="text-sm text-gray-700">{t("modify.reinvoice")}</p>
          <div>
            <StatusButton pending={isPending} disabled={isPending}>
              {t("modify.submit")}
            </StatusButton>
          </div>
        </Form>
      </Card>
    </ModifyFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
