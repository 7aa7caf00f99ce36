import { z } from "zod";
import { defineQuery, runQuery } from "~/utils/db/db.server";
import type { Markup, OfferLanguage } from "~/utils/money/client-offer";

/**
 * The markup and the offer's language a clerk keeps for client offers, in the portal's store: the
 * clerk's on any device, never another clerk's.
 */

const readQuery = defineQuery({
  name: "offerDefaults.get",
  sql: `SELECT markup_kind, markup::float8 AS markup, offer_language
          FROM clerk_offer_defaults WHERE agency_id = $1 AND user_key = $2`,
  params: (agencyId: number, userKey: string) => [agencyId, userKey],
  row: z.object({
    markup_kind: z.enum(["percent", "amount"]),
    markup: z.number(),
    offer_language: z.enum(["en", "fa", "both"]),
  }),
});

/** The clerk's kept defaults, or null when none are kept. */
export async function getOfferDefaults(agencyId: number, userKey: string) {
  const [row] = await runQuery(readQuery, agencyId, userKey);
  return row
    ? {
        markup: { kind: row.markup_kind, value: row.markup } satisfies Markup,
        language: row.offer_language,
      }
    : null;
}

const keepQuery = defineQuery({
  name: "offerDefaults.keep",
  sql: `INSERT INTO clerk_offer_defaults (agency_id, user_key, markup_kind, markup, offer_language)
        VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (agency_id, user_key) DO UPDATE SET
          markup_kind = EXCLUDED.markup_kind, markup = EXCLUDED.markup,
          offer_language = EXCLUDED.offer_language, updated_at = now()`,
  params: (agencyId: number, userKey: string, markup: Markup, language: OfferLanguage) => [
    agencyId,
    userKey,
    markup.kind,
    markup.value,
    language,
  ],
  row: z.unknown(),
});

export async function keepOfferDefaults(...args: Parameters<typeof keepQuery.params>) {
  await runQuery(keepQuery, ...args);
}
