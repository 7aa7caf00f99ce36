import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageSwitchInForm, type TypedFormHandle } from "~/components/layout/language-switch";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { Card } from "~/components/ui/card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, TextField } from "~/components/forms";
import { StatusButton } from "~/components/ui/button";
import { HOME_PATH, requireProvider } from "~/utils/session/auth.server";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { switchedLanguage } from "~/utils/forms/language-switch.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { useIsPending } from "~/utils/ui/misc";
import type { loader as mainLoader } from "~/routes/_main";
import { getAgencyInfo, updateAgencyInfo } from "~/utils/provider/agency.server";
import { orProviderErrorPage, providerErrorReply } from "~/utils/http/provider-errors.server";
import { redirectWithToast } from "~/utils/session/toast.server";
import { emailAddress } from "~/utils/forms/validation";
import { userOverLimitMessage } from "~/utils/limits/rate-limit.server";

export const handle = {
  i18n: ["common", "account"],
  typedForm: "verify-email",
} satisfies TypedFormHandle;

export const verifyEmailSchema = z.object({ email: emailAddress });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const t = context.translator("account");
  const agency = await orProviderErrorPage(context, getAgencyInfo(provider));
  return { title: t("verifyEmail.title"), email: agency.Email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const provider = await requireProvider(request, context);
  const formData = await readForm(request, context);
  const submission = parseTypedForm(formData, { schema: verifyEmailSchema });
  const switched = await switchedLanguage(context, formData, submission.payload);
  if (switched) return data(switched.result, { headers: switched.headers });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // Each change mails the address typed: not a way to send mail to anyone, many times.
  const overLimit = await userOverLimitMessage(request, context, "emailChangesPerUser");
  if (overLimit) return data(submission.reply({ formErrors: [overLimit] }), { status: 429 });
  try {
    // The provider takes the whole agency record; only the email changes here.
    const agency = await getAgencyInfo(provider);
    await updateAgencyInfo(provider, { ...agency, Email: submission.value.email });
  } catch (error) {
    return providerErrorReply(context, error, submission, {
      fieldNames: { Email: "email" },
    });
  }
  const t = context.translator("account");
  return redirectWithToast(HOME_PATH, { type: "success", message: t("verifyEmail.success") });
}

export default function VerifyEmailPage() {
  const { t } = useTranslation("account");
  const { email } = useLoaderData<typeof loader>();
  // The layout already asked the provider for the profile.
  const profile = useRouteLoaderData<typeof mainLoader>("routes/_main")?.profile;
  const shouldVerifyEmail = profile?.ok ? profile.data.ShouldVerifyEmail : undefined;
  const lastResult = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm({
    id: "verify-email",
    lastResult,
    defaultValue: { email },
    constraint: getZodConstraint(verifyEmailSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifyEmailSchema }),
  });
  return (
    <Card title={t("verifyEmail.heading")} headingLevel={1} className="max-w-lg">
      {/* Unknown while the provider cannot give the profile: better nothing than a wrong word. */}
      {shouldVerifyEmail === undefined ? null : (
        <p className="mb-4 text-sm text-gray-700" data-testid="verification-state">
          {shouldVerifyEmail ? t("verifyEmail.needed") : t("verifyEmail.verified")}
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <ErrorSummary
          form={form}
          fields={[{ meta: fields.email, label: t("verifyEmail.email") }]}
        />
        <AuthenticityTokenInput name="csrf" />
        <TextField
          meta={fields.email}
          label={t("verifyEmail.email")}
          type="email"
          autoComplete="email"
          dir="ltr"
          hint={t("verifyEmail.hint")}
        />
        <StatusButton pending={isPending} disabled={isPending} className="self-start">
          {t("verifyEmail.submit")}
        </StatusButton>
        <LanguageSwitchInForm />
      </Form>
    </Card>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
