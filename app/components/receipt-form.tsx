import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DateField } from "~/components/date-picker";
import {
  EnhancedInput,
  ErrorSummary,
  SelectField,
  TextareaField,
  TextField,
} from "~/components/forms";
import { FileField } from "~/components/file-field";
import { StatusButton } from "~/components/ui/button";
import { LanguageSwitchInForm } from "~/components/layout/language-switch";
import { receiptSchema } from "~/utils/money/receipt";
import { OutstandingAmount, type Outstanding } from "~/components/outstanding-amount";

export type ReceiptOptions = {
  paymentTypes: Array<{ value: string; label: string }>;
  currencies: Array<{ value: string; label: string }>;
  banks: Array<{ value: string; label: string }>;
  defaultCurrency?: string;
  defaultAmount?: string;
  /** What is still to be paid on the order. */
  outstanding?: Outstanding;
};

export type ReceiptActionData = {
  result: SubmissionResult<string[]> | null;
  /** The form came back after a full page load: its file input is empty again. */
  chooseFileAgain: boolean;
};

/**
 * The receipt form (spec §3 "Receipt payment"): one multipart form, the file input last so the
 * server still has every other value when a file is refused for its size. `fetcher` posts it in
 * the background (the dialog, with JS); without one it is a plain form (the receipt page).
 */
export function ReceiptForm({
  orderId,
  options,
  lastResult,
  chooseFileAgain = false,
  fetcher,
}: {
  orderId: number;
  options: ReceiptOptions;
  lastResult?: SubmissionResult<string[]> | null;
  chooseFileAgain?: boolean;
  fetcher?: ReturnType<typeof useFetcher<ReceiptActionData>>;
}) {
  const { t, i18n } = useTranslation("payments");
  const schema = receiptSchema(i18n.language);
  const [form, fields] = useForm({
    id: `receipt-${orderId}`,
    lastResult: fetcher ? fetcher.data?.result : lastResult,
    defaultValue: { currency: options.defaultCurrency, amount: options.defaultAmount },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const FormElement = fetcher ? fetcher.Form : Form;
  const pending = fetcher ? fetcher.state !== "idle" : false;
  const datePlaceholder = t(
    i18n.language === "fa" ? "wizard:datePlaceholderJalali" : "wizard:datePlaceholder",
  );
  return (
    <FormElement
      method="post"
      encType="multipart/form-data"
      action={`/orders/order-details/${orderId}/receipt`}
      {...getFormProps(form)}
      className="flex flex-col gap-4"
    >
      <AuthenticityTokenInput name="csrf" />
      <EnhancedInput />
      {options.outstanding ? <OutstandingAmount outstanding={options.outstanding} /> : null}
      <ErrorSummary
        form={form}
        fields={[
          { meta: fields.receiptNumber, label: t("receipt.number") },
          { meta: fields.paymentDate, label: t("receipt.date") },
          { meta: fields.paymentTime, label: t("receipt.time") },
          { meta: fields.receiptPaymentType, label: t("receipt.paymentType") },
          { meta: fields.sendersName, label: t("receipt.sender") },
          { meta: fields.amount, label: t("receipt.amount") },
          { meta: fields.currency, label: t("receipt.currency") },
          { meta: fields.receipt, label: t("receipt.file") },
        ]}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField meta={fields.receiptNumber} label={t("receipt.number")} dir="ltr" />
        <SelectField
          meta={fields.receiptPaymentType}
          label={t("receipt.paymentType")}
          placeholder={t("receipt.choose")}
          options={options.paymentTypes}
        />
        <DateField
          meta={fields.paymentDate}
          label={t("receipt.date")}
          hint={datePlaceholder}
          picker={{}}
        />
        <TextField
          meta={fields.paymentTime}
          label={t("receipt.time")}
          hint={t("wizard:flights.timeHint")}
          inputMode="numeric"
          dir="ltr"
        />
        <TextField meta={fields.sendersName} label={t("receipt.sender")} autoComplete="name" />
        <TextField meta={fields.amount} label={t("receipt.amount")} inputMode="text" dir="ltr" />
        <SelectField
          meta={fields.currency}
          label={t("receipt.currency")}
          placeholder={t("receipt.choose")}
          options={options.currencies}
        />
        <SelectField
          meta={fields.bank}
          label={t("receipt.bank")}
          placeholder={t("receipt.noBank")}
          options={options.banks}
        />
      </div>
      <TextareaField meta={fields.description} label={t("receipt.description")} />
      {/* Last, so every other value reaches the server even when the file is refused. */}
      <FileField
        meta={fields.receipt}
        label={t("receipt.file")}
        hint={t("receipt.fileHint")}
        chooseAgain={chooseFileAgain ? t("receipt.chooseAgain") : undefined}
      />
      <div>
        <StatusButton pending={pending} disabled={pending}>
          {t("receipt.submit")}
        </StatusButton>
      </div>
      <LanguageSwitchInForm />
    </FormElement>
  );
}
