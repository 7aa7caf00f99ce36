import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FileField } from "~/components/file-field";
import { ErrorSummary, TextareaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { StoreUnavailable } from "~/components/store-unavailable";
import { getBranding, saveBranding } from "~/utils/agency/branding.server";
import { brandingSchema, MAX_LOGO_BYTES } from "~/utils/agency/branding";
import { requireAgencyId } from "~/utils/agency/agency.server";
import { StoreUnavailableError, unlessStoreUnavailable } from "~/utils/db/db.server";
import { parseTypedForm, readUploadForm } from "~/utils/forms/form-data.server";
import { orProviderErrorPage } from "~/utils/http/provider-errors.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { sniffReceiptType } from "~/utils/money/receipt";
import { getAgencyInfo, type AgencyInfo } from "~/utils/provider/agency.server";
import { requireProvider, requireUserName } from "~/utils/session/auth.server";
import { redirectWithToast } from "~/utils/session/toast.server";

export const handle = { i18n: ["common", "agency"] };

/**
 * The agency's branding: its logo and the contact lines its customers see on a shared offer and
 * the printed papers. Stored in the portal (the provider has no place for them), per agency.
 */

/** Until a clerk writes its own, the agency's record at the provider says how to reach it. */
function contactLinesOf(agency: AgencyInfo) {
  return [`${agency.Address}, ${agency.City}`, agency.PhoneNumber, agency.Email].join("\n");
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const provider = await requireProvider(request, context);
  const t = context.translator("agency");
  // The agency's record gives both its id and the default contact lines: one provider call.
  const agency = await orProviderErrorPage(context, getAgencyInfo(provider));
  const branding = await unlessStoreUnavailable(
    getBranding(agency.AgencyId),
    "unavailable" as const,
  );
  return {
    title: t("branding.title"),
    unavailable: branding === "unavailable",
    contactLines:
      branding && branding !== "unavailable" ? branding.contactLines : contactLinesOf(agency),
    logoVersion:
      branding && branding !== "unavailable" && branding.hasLogo ? branding.version : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export async function action({ request, context }: ActionFunctionArgs) {
  const provider = await requireProvider(request, context);
  const [agencyId, userName] = await Promise.all([
    requireAgencyId(context, provider),
    requireUserName(request, context),
  ]);
  const upload = await readUploadForm(request, context, MAX_LOGO_BYTES);
  try {
    const submission = parseTypedForm(upload.formData, { schema: brandingSchema });
    if (upload.tooLarge)
      return data(
        { result: submission.reply({ fieldErrors: { logo: ["validation.logoTooLarge"] } }) },
        { status: 413 },
      );
    if (submission.status !== "success")
      return data({ result: submission.reply() }, { status: 400 });
    const { contactLines, logo, removeLogo } = submission.value;
    let newLogo: Parameters<typeof saveBranding>[2] = removeLogo ? "remove" : "keep";
    if (logo) {
      // The first bytes say what the file is: an SVG, a PDF or a renamed file is refused.
      const bytes = Buffer.from(await logo.arrayBuffer());
      const kind = sniffReceiptType(bytes.subarray(0, 16));
      if (!kind || kind.type === "application/pdf")
        return data(
          { result: submission.reply({ fieldErrors: { logo: ["validation.logoType"] } }) },
          { status: 400 },
        );
      newLogo = { bytes, type: kind.type as "image/png" | "image/jpeg" };
    }
    try {
      await saveBranding(agencyId, contactLines, newLogo, userName);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      const message = context.translator("agency")("storeUnavailable");
      return data({ result: submission.reply({ formErrors: [message] }) }, { status: 503 });
    }
    const t = context.translator("agency");
    throw await redirectWithToast("/agency/branding", {
      type: "success",
      message: t("branding.saved"),
    });
  } finally {
    await upload.cleanup();
  }
}

export default function AgencyBranding() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("agency");
  return (
    <Card title={page.title} headingLevel={1}>
      <p className="mb-4 text-sm text-gray-700">{t("branding.intro")}</p>
      {page.unavailable ? <StoreUnavailable /> : <BrandingForm page={page} />}
      <p className="mt-4">
        <Link to="/agency/offers" className="underline">
          {t("offers.title")}
        </Link>
      </p>
    </Card>
  );
}

function BrandingForm({ page }: { page: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const { t } = useTranslation("agency");
  const answer = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "branding",
    lastResult: answer?.result,
    defaultValue: { contactLines: page.contactLines },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: brandingSchema }),
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="flex flex-col gap-4"
    >
      <AuthenticityTokenInput name="csrf" />
      <ErrorSummary
        form={form}
        fields={[
          { meta: fields.logo, label: t("branding.logo") },
          { meta: fields.contactLines, label: t("branding.contactLines") },
        ]}
      />
      {page.logoVersion ? (
        <figure className="flex flex-col gap-2">
          <img
            src={`/agency/branding/logo?v=${page.logoVersion}`}
            alt={t("branding.currentLogo")}
            className="max-h-20 max-w-xs object-contain"
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="removeLogo" />
            {t("branding.removeLogo")}
          </label>
        </figure>
      ) : null}
      <FileField
        meta={fields.logo}
        label={t("branding.logo")}
        hint={t("branding.logoHint")}
        chooseAgain={answer?.result && fields.logo.errors ? t("branding.chooseAgain") : undefined}
      />
      <TextareaField
        meta={fields.contactLines}
        label={t("branding.contactLines")}
        hint={t("branding.contactLinesHint")}
      />
      <div>
        <Button type="submit">{t("branding.save")}</Button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
