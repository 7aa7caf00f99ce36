import { parseWithZod } from "@conform-to/zod";
import type { TFunction } from "i18next";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { languageDirection, supportedLanguages, type Language } from "~/i18n";
import { formatMoney } from "~/utils/format/numbers";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { i18nInstanceFor } from "~/utils/i18n/i18n.server";
import { travellerStay, type TravellerStayFacts } from "~/utils/requests/voucher.server";
import { requireUserName, userKeyOf } from "~/utils/session/auth.server";
import type { ProviderContext } from "~/utils/provider/request.server";
import { requireAgencyId } from "~/utils/agency/agency.server";
import { getOfferDefaults, keepOfferDefaults } from "~/utils/agency/offer-defaults.server";
import { unlessStoreUnavailable } from "~/utils/db/db.server";
import { createToastHeaders } from "~/utils/session/toast.server";
import { env } from "~/utils/runtime/env.server";
import type { ClientOfferSharing } from "~/utils/money/client-offer";
import type { AgencyBranding } from "~/utils/agency/agency.server";
import {
  clientOfferSchema,
  clientPrice,
  NO_MARKUP,
  type Markup,
  type OfferLanguage,
} from "~/utils/money/client-offer";

/**
 * A client offer's page, for a stored request and for the wizard's draft alike: the markup the
 * clerk asks for (or keeps as a default), and the offer in one language or both.
 */

/**
 * The clerk's kept markup and offer language (the portal's store); none kept, or the store not
 * there: no markup, the page's language.
 */
async function clerkDefaults(context: AppLoadContext, provider: ProviderContext, userName: string) {
  const agencyId = await requireAgencyId(context, provider);
  const kept = await unlessStoreUnavailable(getOfferDefaults(agencyId, userKeyOf(userName)), null);
  return kept ?? { markup: NO_MARKUP, language: context.language as OfferLanguage };
}

/** What an offer shows, whether it comes from a request or from a draft. */
export type OfferFacts = TravellerStayFacts & {
  agencyName: string | null;
  /** The provider's price for the whole request, before the agency's commission. */
  price: { amount: number; currency: string; sign?: string };
};

/**
 * The form's values and the offer they ask for: the URL's when the clerk sent the form (a refused
 * markup comes back with its message and no offer), else the kept default in the page's language.
 */
export async function offerRequest(
  request: Request,
  context: AppLoadContext,
  provider: ProviderContext,
) {
  const query = new URL(request.url).searchParams;
  const kept = await clerkDefaults(context, provider, await requireUserName(request, context));
  const defaults = {
    markupKind: kept.markup.kind,
    markup: String(kept.markup.value),
    language: kept.language,
  };
  if (!query.has("markup"))
    return {
      form: { defaults, result: undefined, asked: defaults },
      offer: { markup: kept.markup, language: defaults.language },
    };
  const submission = parseWithZod(query, { schema: clientOfferSchema });
  if (submission.status !== "success")
    return { form: { defaults, result: submission.reply(), asked: null }, offer: null };
  const { markupKind, markup, language } = submission.value;
  return {
    form: {
      defaults,
      result: submission.reply(),
      asked: { markupKind, markup: String(markup), language },
    },
    offer: { markup: { kind: markupKind, value: markup }, language },
  };
}

/**
 * The POST of "Keep as my default markup": the markup and the offer's language kept for the
 * clerk in the portal's store, then the offer again with them.
 */
export async function keepDefaultMarkup(
  request: Request,
  context: AppLoadContext,
  provider: ProviderContext,
) {
  const formData = await readForm(request, context);
  const submission = parseTypedForm(formData, { schema: clientOfferSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { markupKind, markup, language } = submission.value;
  const [agencyId, userName] = await Promise.all([
    requireAgencyId(context, provider),
    requireUserName(request, context),
  ]);
  const t = context.translator("requests");
  const kept = await unlessStoreUnavailable(
    keepOfferDefaults(
      agencyId,
      userKeyOf(userName),
      { kind: markupKind, value: markup },
      language,
    ).then(() => true),
    false,
  );
  const back = new URL(request.url);
  back.search = new URLSearchParams({ markupKind, markup: String(markup), language }).toString();
  return redirect(`${back.pathname}${back.search}`, {
    headers: await createToastHeaders(
      kept
        ? { type: "success", message: t("offer.kept") }
        : { type: "error", message: t("share.unavailable") },
    ),
  });
}

function offerColumn(facts: OfferFacts, markup: Markup, language: Language, t: TFunction) {
  const { amount, currency, sign } = facts.price;
  return {
    language,
    dir: languageDirection(language),
    label: {
      heading: t("offer.heading"),
      price: t("offer.price"),
      priceNote: t("offer.priceNote"),
    },
    intro: facts.agencyName
      ? t("offer.from", { agency: facts.agencyName })
      : t("offer.fromYourAgency"),
    ...travellerStay(facts, language, t),
    price: formatMoney(clientPrice(amount, markup), currency, language, sign),
  };
}
export type OfferColumn = ReturnType<typeof offerColumn>;

/** The offer in the languages asked for, English first when both. */
async function offerColumns(facts: OfferFacts, markup: Markup, language: OfferLanguage) {
  const languages = supportedLanguages.filter((each) => language === "both" || each === language);
  return Promise.all(
    languages.map(async (each) => {
      const t = (await i18nInstanceFor(each)).getFixedT(each, "requests");
      return offerColumn(facts, markup, each, t);
    }),
  );
}

/** An offer page's data: its title, the way back, the markup form, and the offer asked for. */
export async function clientOfferPage(
  context: AppLoadContext,
  facts: OfferFacts,
  asked: Awaited<ReturnType<typeof offerRequest>>,
  backTo: string,
  sharing: ClientOfferSharing,
  branding: AgencyBranding,
) {
  return {
    branding,
    agencyName: facts.agencyName,
    title: context.translator("requests")("offer.title", { hotel: facts.hotel.name }),
    brand: env.APP_BRAND,
    backTo,
    sharing,
    ...asked.form,
    columns: asked.offer
      ? await offerColumns(facts, asked.offer.markup, asked.offer.language)
      : null,
  };
}
