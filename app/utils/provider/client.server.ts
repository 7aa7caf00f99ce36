import { z } from "zod";
import type { CurrencySigns } from "~/utils/format/numbers";
import { callProvider, defineCall } from "./call.server";
import type { ProviderContext } from "./request.server";

export const profileSummarySchema = z.object({
  UserName: z.string(),
  AgencyName: z.string(),
  ShouldVerifyEmail: z.boolean(),
});

const profileSummaryCall = defineCall({
  operation: "client.getProfileSummary",
  summary:
    "Who is signed in: the user's name, the agency's, and whether the email awaits confirmation",
  path: "/api/Client",
  token: true,
  responseModel: "UserProfileData",
  answer: profileSummarySchema,
});

/** GET /api/Client as UserProfileData: who is signed in (spec §3 "Profile summary"). */
export function getProfileSummary(ctx: ProviderContext) {
  return callProvider(ctx, profileSummaryCall);
}

const currenciesCall = defineCall({
  operation: "client.getCurrencies",
  summary: "The currencies a receipt may be paid in, with the sign amounts are written with",
  path: "/api/Client",
  token: false,
  responseModel: "CurrencyData",
  answer: z.array(
    z.object({ Id: z.number(), Code: z.string(), Sign: z.string(), Title: z.string() }),
  ),
});

/** GET /api/Client as CurrencyData (no token): the currencies a receipt may be paid in. */
export function getCurrencies(ctx: ProviderContext) {
  return callProvider(ctx, currenciesCall);
}

const banksCall = defineCall({
  operation: "client.getBanks",
  summary: "The banks a receipt may come from",
  path: "/api/Client",
  token: false,
  responseModel: "BankData",
  answer: z.array(z.object({ Id: z.number(), Name: z.string() })),
});

/** GET /api/Client as BankData (no token): the banks a receipt may come from. */
export function getBanks(ctx: ProviderContext) {
  return callProvider(ctx, banksCall);
}

export const clientCalls = [profileSummaryCall, currenciesCall, banksCall];

// The currency list changes when the provider adds a currency, not per user: one copy per
// process, kept 10 minutes and refreshed while the old one is still used, so pages showing
// amounts (the grids carry a code only) do not ask for it each time. A failed fetch is tried
// again after a minute; meanwhile amounts show the code's own symbol ("US$"), not nothing.
const SIGNS_KEPT_MS = 10 * 60_000;
const SIGNS_RETRY_MS = 60_000;
let knownSigns: { signs: CurrencySigns; until: number } | undefined;
let fetchingSigns: Promise<CurrencySigns> | undefined;

/** The currency signs to write amounts with; a page waits only for the first fetch. */
export function currencySigns(ctx: ProviderContext): Promise<CurrencySigns> {
  if (knownSigns && Date.now() < knownSigns.until) return Promise.resolve(knownSigns.signs);
  fetchingSigns ??= getCurrencies({ requestId: ctx.requestId })
    .then((currencies) => {
      const signs = new Map(
        currencies
          .map((currency) => [currency.Code, currency.Sign.trim()] as const)
          .filter(([, sign]) => sign),
      );
      knownSigns = { signs, until: Date.now() + SIGNS_KEPT_MS };
      return signs;
    })
    .catch((error: Error) => {
      console.warn(`The provider's currency list could not be read: ${error.message}`);
      const signs = knownSigns?.signs ?? new Map<string, string>();
      knownSigns = { signs, until: Date.now() + SIGNS_RETRY_MS };
      return signs;
    })
    .finally(() => {
      fetchingSigns = undefined;
    });
  return knownSigns ? Promise.resolve(knownSigns.signs) : fetchingSigns;
}
