import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { continueWithItsData } from "~/utils/wizard/continue";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DateField } from "~/components/date-picker";
import { ModifyFrame, modifyScreenHandle } from "~/components/modify-frame";
import { Card } from "~/components/ui/card";
import { formatDateInput } from "~/utils/format/date-input";
import { formatDate } from "~/utils/format/dates";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { changeRequestDates } from "~/utils/provider/reserve-requests.server";
import { providerToday } from "~/utils/format/provider-clock.server";
import {
  answerChange,
  changeFrame,
  loadRequestChange,
} from "~/utils/requests/request-change.server";
import { stayDatesSchema } from "~/utils/wizard/hotel-step";

export const handle = modifyScreenHandle("modify-dates");

/** Modify check-in/out dates: the same date rules as the wizard's first step. */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { language, summary, permission } = await loadRequestChange(
    request,
    context,
    params,
    "Dates",
  );
  const t = context.translator("requests");
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

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  const { provider, requestId, language, permission } = await loadRequestChange(
    request,
    context,
    params,
    "Dates",
  );
  const submission = parseTypedForm(formData, {
    schema: stayDatesSchema(language, providerToday()),
  });
  return answerChange({
    request,
    context,
    formData,
    submission,
    permission,
    fieldNames: { CheckInDate: "checkIn", CheckOutDate: "checkOut" },
    send: (value) =>
      changeRequestDates(provider, {
        Id: requestId,
        CheckInDate: value.checkIn,
        CheckOutDate: value.checkOut,
      }),
  });
}

// After a submit the page leaves for the requests list: its data is not fetched again.

/** With JS the change's answer brings the requests list: the page moves on without asking again. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  continueWithItsData(serverAction<typeof action>);

export default function ModifyDates() {
  const { title, frame, today, current, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>();
  const { t, i18n } = useTranslation("requests");
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
    <ModifyFrame
      title={title}
      frame={frame}
      form={form}
      summaryFields={[
        { meta: fields.checkIn, label: t("wizard:hotel.checkIn") },
        { meta: fields.checkOut, label: t("wizard:hotel.checkOut") },
      ]}
    >
      <Card>
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">{current}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <DateField
              meta={fields.checkIn}
              label={t("wizard:hotel.checkIn")}
              hint={hint}
              picker={{ today, min: today }}
            />
            <DateField
              meta={fields.checkOut}
              label={t("wizard:hotel.checkOut")}
              hint={hint}
              picker={{
                today,
                min: { after: fields.checkIn.id },
                rangeFrom: fields.checkIn.id,
              }}
            />
          </div>
          <p className="text-sm text-gray-700">{t("modify.reinvoice")}</p>
        </div>
      </Card>
    </ModifyFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
