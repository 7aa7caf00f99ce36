import { z } from "zod";
import { optionalText, typedAmount } from "~/utils/forms/validation";

/**
 * A client offer: the agency's price for the traveller, the provider's price with the agency's
 * markup, never the provider's price itself or the commission. Worked out in the portal only:
 * nothing of it reaches the provider.
 */

const MARKUP_KINDS = ["percent", "amount"] as const;
export type MarkupKind = (typeof MARKUP_KINDS)[number];
export type Markup = { kind: MarkupKind; value: number };

/** The offer in English, in Persian, or both side by side (like the voucher). */
const OFFER_LANGUAGES = ["en", "fa", "both"] as const;
export type OfferLanguage = (typeof OFFER_LANGUAGES)[number];

/** Past this a markup is a typing slip, not a price. */
const MAX_PERCENT = 100;
const MAX_AMOUNT = 1e9;

const markupSchema = z
  .object({
    markupKind: z.enum(MARKUP_KINDS, { message: "validation.required" }),
    markup: typedAmount("validation.markup"),
  })
  .superRefine((value, ctx) => {
    if (value.markup > (value.markupKind === "percent" ? MAX_PERCENT : MAX_AMOUNT))
      ctx.addIssue({ code: "custom", path: ["markup"], message: `validation.markupTooHigh` });
  });

/** The offer page's form: the markup and the offer's language, sent by GET. */
export const clientOfferSchema = markupSchema.and(
  z.object({ language: z.enum(OFFER_LANGUAGES, { message: "validation.required" }) }),
);

/** How long a "prepared for" name may be: a family's or a company's name. */
const MAX_PREPARED_FOR = 80;

/**
 * "Share as a link": the offer shown (its markup and language) and, if the clerk wants, whom it
 * was prepared for. A name is text: no angle brackets or braces, which only markup would need.
 */
export const shareOfferSchema = clientOfferSchema.and(
  z.object({
    preparedFor: optionalText(MAX_PREPARED_FOR).refine(
      (value) => !/[<>{}]/.test(value),
      "validation.noMarkup",
    ),
  }),
);

/** Whether the offer can be shared (the store is there), and the link just shared, once. */
export type ClientOfferSharing = {
  canShare: boolean;
  link: { url: string; qr: { path: string; size: number } } | null;
};

/** With no markup kept by the clerk: the provider's price as it is. */
export const NO_MARKUP: Markup = { kind: "percent", value: 0 };

/**
 * The traveller's price: the provider's price with the markup, rounded up to a whole unit of the
 * currency, as agencies quote (never below what the agency pays).
 */
export function clientPrice(providerPrice: number, markup: Markup) {
  const marked =
    markup.kind === "percent"
      ? providerPrice * (1 + markup.value / 100)
      : providerPrice + markup.value;
  // Float noise (1.1 × 100 = 110.00000000000001) must not add a whole unit.
  return Math.ceil(Math.round(marked * 100) / 100);
}
