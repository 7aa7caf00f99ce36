const persianDigits = "۰۱۲۳۴۵۶۷۸۹";

export function toPersianDigits(text: string) {
  return text.replace(/[0-9]/g, (digit) => persianDigits[Number(digit)]);
}

/** Digits in the user's script: Persian digits for `fa` (spec §1). */
export function localizeDigits(text: string | number, language: string) {
  return language === "fa" ? toPersianDigits(String(text)) : String(text);
}

/** Persian (۰–۹) and Arabic-Indic (٠–٩) digits as Latin ones: people type whichever they have. */
export function normalizeDigits(text: string) {
  return text
    .replace(/[۰-۹]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
}

/** An amount in a currency, written the user's way (Persian digits and order in `fa`). */
export function formatMoney(amount: number, currency: string, language: string, sign?: string) {
  const providerSign = sign?.trim();
  try {
    const parts = new Intl.NumberFormat(language === "fa" ? "fa-IR" : "en-GB", {
      style: "currency",
      currency,
      maximumFractionDigits: 2,
    }).formatToParts(amount);
    // The provider's own sign ("$", "ریال") where it gives one, in the place the language puts a
    // currency: what the agency sees on the provider's invoices.
    return parts
      .map((part) => (part.type === "currency" && providerSign ? providerSign : part.value))
      .join("");
  } catch {
    // A currency code the runtime does not know: the number, then the sign or the code.
    return `${localizeDigits(amount.toLocaleString("en-GB"), language)} ${providerSign || currency}`;
  }
}

/** The provider's sign of each currency code ("$", "﷼"), from its currency list. */
export type CurrencySigns = ReadonlyMap<string, string>;

/** Amounts in any of the provider's currencies, each with the provider's sign where it has one. */
export function moneyIn(language: string, signs: CurrencySigns) {
  return (amount: number, currency: string) =>
    formatMoney(amount, currency, language, signs.get(currency));
}
