// ISO 3166-1 alpha-2 codes of the countries agencies register from; names come from the
// runtime's ICU data in the user's language, so there is no list of names to translate by hand.
const COUNTRY_CODES =
  `AE AF AL AM AR AT AU AZ BA BD BE BG BH BR BY CA CH CN CY CZ DE DK DZ EG ES FI FR GB GE GR HR HU ID IE IN IQ IR IT JO JP KG KR KW KZ LB LK LY MA MD MV MY NL NO NZ OM PH PK PL PT QA RO RS RU SA SE SG SY TH TJ TM TN TR UA US UZ VN YE`.split(
    " ",
  );

const cache = new Map<string, Array<{ value: string; label: string }>>();

export function countryOptions(language: string) {
  let options = cache.get(language);
  if (!options) {
    const names = new Intl.DisplayNames([language], { type: "region" });
    const collator = new Intl.Collator(language);
    options = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort(
      (a, b) => collator.compare(a.label, b.label),
    );
    cache.set(language, options);
  }
  return options;
}
