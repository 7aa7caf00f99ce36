import type { AppLoadContext } from "@remix-run/node";
import { formatDateInput } from "~/utils/format/date-input";
import { formatDate } from "~/utils/format/dates";
import { getRequestTravellers, type TravellerRow } from "~/utils/provider/reserve-requests.server";
import { ProviderError, type ProviderContext } from "~/utils/provider/request.server";
import { minutesLeftOf, waitMessage } from "~/utils/limits/rate-limit.server";
import { localizeDigits } from "~/utils/format/numbers";
import { countryOptions } from "~/utils/wizard/countries.server";
import {
  GUEST_FIELDSET,
  normalizeTravellerName,
  TRAVELLER_QUERY_MAX,
  TRAVELLER_QUERY_MIN,
  travellerFindButton,
  travellerQueryField,
  travellerQueryProblem,
  type TravellerMatch,
  type TravellerSearch,
} from "./traveller-query";

/**
 * Travellers the agency booked before, found by a part of their name: one provider call (the
 * newest requests with such a guest, a bounded page of them) and nothing kept. The provider stays
 * the record; the clerk's own token means the agency's own travellers only.
 */

/** The newest requests read per search: one page, so a common name costs one call. */
const REQUESTS_READ = 50;
/** The matches shown: a clerk picks from a short list or types more of the name. */
const MATCHES_SHOWN = 10;

export async function searchTravellers(
  provider: ProviderContext,
  typed: string,
  context: AppLoadContext,
): Promise<TravellerSearch & { refused?: "too-many-lookups" }> {
  const t = context.translator("wizard");
  const query = normalizeTravellerName(typed);
  const problem = travellerQueryProblem(query);
  if (problem)
    return {
      query: typed,
      matches: [],
      message: t(problem, {
        min: localizeDigits(TRAVELLER_QUERY_MIN, context.language),
        max: localizeDigits(TRAVELLER_QUERY_MAX, context.language),
      }),
    };
  try {
    const grid = await getRequestTravellers(provider, query, REQUESTS_READ);
    return { query: typed, matches: travellersOf(grid.Items, query, context.language) };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === "too-many-lookups") {
      const minutes = minutesLeftOf("lookupsPerUser");
      const message = waitMessage(t, context.language, "travellers.tooMany", minutes);
      return { query: typed, matches: [], message, refused: error.kind };
    }
    return { query: typed, matches: [], message: t("travellers.unavailable") };
  }
}

/**
 * The guests of these requests whose name holds `query`, newest request first, each traveller once:
 * one passport number and birth date are one person, shown with the details of the newest
 * request that holds them (a passport renewed is a new passport, so a second match).
 */
export function travellersOf(rows: TravellerRow[], query: string, language: string) {
  const wanted = query.toLocaleLowerCase();
  const newestFirst = [...rows].sort(
    (a, b) => b.CreateDateTime.localeCompare(a.CreateDateTime) || b.Id - a.Id,
  );
  const countries = countryOptions(language);
  const seen = new Set<string>();
  const matches: TravellerMatch[] = [];
  for (const row of newestFirst) {
    for (const guest of row.Passengers) {
      const name = normalizeTravellerName(`${guest.FirstName} ${guest.LastName}`);
      if (!name.toLocaleLowerCase().includes(wanted)) continue;
      const passport = guest.PassportNumber.replace(/\s/g, "").toUpperCase();
      const key = `${passport} ${guest.DateOfBirth}`;
      if (seen.has(key)) continue;
      seen.add(key);
      matches.push({
        fill: {
          firstName: guest.FirstName,
          lastName: guest.LastName,
          dateOfBirth: formatDateInput(guest.DateOfBirth, language),
          gender: guest.Gender,
          passportNumber: passport,
          nationality: guest.NationalityCountryCode,
        },
        born: formatDate(guest.DateOfBirth, language),
        nationality:
          countries.find((country) => country.value === guest.NationalityCountryCode)?.label ??
          guest.NationalityCountryCode,
        passportEnd: passport.slice(-4),
        lastStay: {
          hotelName: row.HotelName,
          checkIn: formatDate(row.CheckInDate, language),
          requestNumber: row.RequestNumber,
        },
      });
      if (matches.length === MATCHES_SHOWN) return matches;
    }
  }
  return matches;
}

/**
 * The guest whose "Find a traveller" sent the rooms form (a page without JS), or null. The form then
 * becomes conform's check of that one search field: a step in progress, kept whole (the wizard's
 * draft saves it), nothing in it refused.
 */
export function travellerSearchIn(formData: FormData) {
  const button = [...formData.keys()].find((key) => key.startsWith(travellerFindButton("")));
  if (!button) return null;
  formData.delete(button);
  const guest = button.slice(travellerFindButton("").length);
  if (!GUEST_FIELDSET.test(guest)) return null;
  formData.set(
    "__intent__",
    JSON.stringify({ type: "validate", payload: { name: travellerQueryField(guest) } }),
  );
  return guest;
}

/** The matches of that guest's search, beside the guest; null when none was asked for. */
export async function travellersFoundFor(
  guest: string | null,
  formData: FormData,
  provider: ProviderContext,
  context: AppLoadContext,
) {
  if (!guest) return null;
  const typed = formData.get(travellerQueryField(guest));
  const search = await searchTravellers(provider, typeof typed === "string" ? typed : "", context);
  return { guest, query: search.query, matches: search.matches, message: search.message };
}
