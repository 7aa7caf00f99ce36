const persianDigits = "۰۱۲۳۴۵۶۷۸۹";

export function toPersianDigits(text: string) {
  return text.replace(/[0-9]/g, (digit) => persianDigits[Number(digit)]);
}

/** Digits in the user's script: Persian digits for `fa` (spec §1). */
export function localizeDigits(text: string | number, language: string) {
  return language === "fa" ? toPersianDigits(String(text)) : String(text);
}
