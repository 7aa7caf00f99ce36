import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useActionData } from "@remix-run/react";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SelectField, TextField } from "~/components/forms";
import { AgencyBrand } from "~/components/agency-brand";
import type { AgencyBranding } from "~/utils/agency/agency.server";
import { PrintablePageHeader } from "~/components/printable-page-header";
import { Button } from "~/components/ui/button";
import { StayRows, TravellerRooms } from "~/components/traveller-stay";
import {
  clientOfferSchema,
  shareOfferSchema,
  type ClientOfferSharing,
  type MarkupKind,
  type OfferLanguage,
} from "~/utils/money/client-offer";
import type { OfferColumn } from "~/utils/money/client-offer.server";
import { localizeDigits } from "~/utils/format/numbers";

/**
 * A client offer to print or save as PDF and hand to the traveller: the agency's price with its
 * markup, hotel, dates, rooms, guests, board and view, and the agency's name; never the provider's
 * price or the commission. On screen only: the markup and language to show it with, and a way to
 * keep that markup as the clerk's default.
 */

export type ClientOfferPageData = {
  title: string;
  brand: string;
  backTo: string;
  defaults: { markupKind: MarkupKind; markup: string; language: OfferLanguage };
  result: SubmissionResult<string[]> | undefined;
  /** The offer, or null while the markup asked for is refused. */
  columns: OfferColumn[] | null;
  asked: { markupKind: MarkupKind; markup: string; language: OfferLanguage } | null;
  sharing: ClientOfferSharing;
  branding: AgencyBranding;
  agencyName: string | null;
};

export function ClientOfferPage({ page }: { page: ClientOfferPageData }) {
  const { t } = useTranslation("requests");
  const [form, fields] = useForm({
    id: "client-offer",
    lastResult: page.result,
    defaultValue: page.defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: clientOfferSchema }),
  });
  // No price beside a markup the clerk is still mending: it would be the last one's.
  const markupRefused = Object.keys(form.allErrors).length > 0;
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-4 bg-white p-4 print:max-w-none print:p-0">
      <PrintablePageHeader
        brand={page.brand}
        title={page.title}
        labels={{ print: t("offer.print"), howTo: t("offer.howTo"), back: t("offer.back") }}
        backTo={page.backTo}
      />
      <MarkupForm page={page} form={form} fields={fields} />
      {page.sharing.link ? <SharedLink link={page.sharing.link} /> : null}
      {page.sharing.canShare && page.asked && page.columns && !markupRefused ? (
        <ShareForm asked={page.asked} />
      ) : null}
      {page.columns && !markupRefused ? (
        <AgencyBrand branding={page.branding} agencyName={page.agencyName} />
      ) : null}
      {page.columns && !markupRefused ? (
        <div
          className="grid gap-6 md:grid-cols-2 print:grid-cols-2 print:gap-4"
          data-testid="client-offer"
        >
          {page.columns.map((column) => (
            <OfferInOneLanguage key={column.language} column={column} />
          ))}
        </div>
      ) : null}
    </main>
  );
}

type OfferForm = ReturnType<
  typeof useForm<z.input<typeof clientOfferSchema>, z.output<typeof clientOfferSchema>>
>;

/** The markup and the language, sent by GET (the offer's address says what it shows). */
function MarkupForm({
  page,
  form,
  fields,
}: {
  page: ClientOfferPageData;
  form: OfferForm[0];
  fields: OfferForm[1];
}) {
  const { t, i18n } = useTranslation("requests");
  return (
    <section
      aria-labelledby="offer-markup"
      className="flex flex-col gap-3 rounded border border-gray-300 p-4 print:hidden"
    >
      <h2 id="offer-markup" className="font-semibold">
        {t("offer.markupHeading")}
      </h2>
      <p className="text-sm text-gray-700">{t("offer.markupHint")}</p>
      <Form method="get" {...getFormProps(form)} className="flex flex-col gap-3">
        <ErrorSummary
          form={form}
          fields={[
            { meta: fields.markupKind, label: t("offer.markupKind") },
            { meta: fields.markup, label: t("offer.markup") },
            { meta: fields.language, label: t("offer.language") },
          ]}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField
            meta={fields.markupKind}
            label={t("offer.markupKind")}
            options={[
              { value: "percent", label: t("offer.percent") },
              { value: "amount", label: t("offer.amount") },
            ]}
          />
          <TextField meta={fields.markup} label={t("offer.markup")} inputMode="decimal" />
          <SelectField
            meta={fields.language}
            label={t("offer.language")}
            options={[
              { value: "en", label: "English" },
              { value: "fa", label: "فارسی" },
              { value: "both", label: t("offer.bothLanguages") },
            ]}
          />
        </div>
        <div>
          <Button type="submit">{t("offer.show")}</Button>
        </div>
      </Form>
      {page.asked ? (
        <Form method="post" className="border-t border-gray-200 pt-3">
          <AuthenticityTokenInput name="csrf" />
          <AskedOfferInputs asked={page.asked} />
          <Button type="submit" variant="secondary">
            {t(page.asked.markupKind === "percent" ? "offer.keepPercent" : "offer.keepAmount", {
              markup: localizeDigits(page.asked.markup, i18n.language),
            })}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

/** The offer shown (its markup and language), sent again by a form that keeps or shares it. */
function AskedOfferInputs({ asked }: { asked: NonNullable<ClientOfferPageData["asked"]> }) {
  return (
    <>
      <input type="hidden" name="markupKind" value={asked.markupKind} />
      <input type="hidden" name="markup" value={asked.markup} />
      <input type="hidden" name="language" value={asked.language} />
    </>
  );
}

/**
 * "Share as a link": the offer as shown, stored for the customer's page; a name it was prepared
 * for, if the clerk gives one. The page comes back with the link.
 */
function ShareForm({ asked }: { asked: NonNullable<ClientOfferPageData["asked"]> }) {
  const { t } = useTranslation("requests");
  const answer = useActionData() as { share?: SubmissionResult<string[]> } | undefined;
  const [form, fields] = useForm({
    id: "share-offer",
    lastResult: answer?.share,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shareOfferSchema }),
  });
  return (
    <section
      aria-labelledby="share-heading"
      className="flex flex-col gap-3 rounded border border-gray-300 p-4 print:hidden"
    >
      <h2 id="share-heading" className="font-semibold">
        {t("share.heading")}
      </h2>
      <p className="text-sm text-gray-700">{t("share.hint")}</p>
      <Form method="post" action="?share" {...getFormProps(form)} className="flex flex-col gap-3">
        <AuthenticityTokenInput name="csrf" />
        <ErrorSummary
          form={form}
          fields={[{ meta: fields.preparedFor, label: t("share.preparedFor") }]}
        />
        <AskedOfferInputs asked={asked} />
        <TextField
          meta={fields.preparedFor}
          label={t("share.preparedFor")}
          hint={t("share.preparedForHint")}
          autoComplete="off"
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit">{t("share.submit")}</Button>{" "}
          <Link to="/agency/offers" className="underline">
            {t("share.offersSent")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

/**
 * The link just shared, shown this once: to copy, to send from the clerk's own mail, and as a QR
 * code that the printed offer carries.
 */
function SharedLink({ link }: { link: NonNullable<ClientOfferSharing["link"]> }) {
  const { t } = useTranslation("requests");
  const mailto = `mailto:?${new URLSearchParams({
    subject: t("share.mailSubject"),
    body: t("share.mailBody", { link: link.url }),
  })
    .toString()
    .replace(/\+/g, "%20")}`;
  return (
    <section
      id="shared-link"
      aria-labelledby="shared-link-heading"
      className="flex flex-wrap items-start gap-4 rounded border border-green-700 bg-green-50 p-4 print:border-0 print:bg-white print:p-0"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2 print:hidden">
        <h2 id="shared-link-heading" className="font-semibold">
          {t("share.linkHeading")}
        </h2>
        <label htmlFor="shared-link-url" className="text-sm text-gray-700">
          {t("share.linkLabel")}
        </label>
        <input
          id="shared-link-url"
          readOnly
          dir="ltr"
          value={link.url}
          className="w-full rounded border border-gray-400 p-2 font-mono text-sm"
        />
        <p className="flex flex-wrap gap-4 text-sm">
          <a href={mailto} className="underline">
            {t("share.byMail")}
          </a>{" "}
          <Link to="/agency/offers" className="underline">
            {t("share.offersSent")}
          </Link>
        </p>
      </div>
      <figure className="flex flex-col items-center gap-1 text-xs text-gray-700">
        <svg
          role="img"
          aria-label={t("share.qrLabel")}
          viewBox={`0 0 ${link.qr.size} ${link.qr.size}`}
          className="h-32 w-32 bg-white"
          shapeRendering="crispEdges"
        >
          <path d={link.qr.path} fill="currentColor" />
        </svg>
        <figcaption>{t("share.qrCaption")}</figcaption>
      </figure>
    </section>
  );
}

/** The whole offer in one language, in that language's direction. */
function OfferInOneLanguage({ column }: { column: OfferColumn }) {
  const { label } = column;
  const headingId = `offer-${column.language}`;
  return (
    <section
      lang={column.language}
      dir={column.dir}
      aria-labelledby={headingId}
      data-testid={`client-offer-${column.language}`}
      className="flex flex-col gap-3 rounded border border-gray-300 p-4 text-sm print:p-3"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {label.heading}
        </h2>
        <p className="text-gray-700">
          <bdi>{column.intro}</bdi>
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <StayRows stay={column} />
      </dl>
      <TravellerRooms stay={column} />
      <div className="border-t-2 border-gray-800 pt-2">
        <p className="flex flex-wrap justify-between gap-2 text-base font-semibold">
          <span>{label.price}</span> <span data-testid="offer-price">{column.price}</span>
        </p>
        <p className="text-xs text-gray-700">{label.priceNote}</p>
      </div>
    </section>
  );
}
