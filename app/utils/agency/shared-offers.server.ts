import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { defineQuery, runQuery } from "~/utils/db/db.server";

/**
 * Offers an agency hands its customers as a link (decision 043). The link holds a random token of
 * 256 bits; the store keeps only its SHA-256, so neither a copy of the store nor its operator can
 * open an offer. An offer stops at its check-out, 60 days after it was shared, or when withdrawn.
 * What is kept is what the customer sees, and nothing else: no guest's name, no passport or birth
 * date, no provider price and no request number.
 */

const OFFER_DAYS = 60;

/** The snapshot of an offer as priced: what the customer's page shows. */
const sharedOfferSchema = z.object({
  agencyName: z.string().nullable(),
  hotel: z.object({ name: z.string(), grade: z.number(), place: z.string().nullable() }),
  checkIn: z.string(),
  checkOut: z.string(),
  rooms: z.array(
    z.object({
      roomType: z.string(),
      board: z.string(),
      view: z.string(),
      /** How many guests of each type (adult, child…), never who. */
      guests: z.array(z.object({ type: z.string(), count: z.number().int().positive() })),
    }),
  ),
  /** The price with the agency's markup, as the customer pays it. */
  price: z.object({ amount: z.number(), currency: z.string(), sign: z.string().optional() }),
  language: z.enum(["en", "fa", "both"]),
  pricedAt: z.string(),
});
export type SharedOffer = z.infer<typeof sharedOfferSchema>;

/** A token as links carry it: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (token: string) => createHash("sha256").update(token).digest();

const insertQuery = defineQuery({
  name: "offers.insert",
  sql: `INSERT INTO shared_offers
          (token_sha256, agency_id, created_by, prepared_for, offer, expires_at)
        VALUES ($1, $2, $3, $4, $5, LEAST($6::timestamptz, now() + make_interval(days => $7)))
        RETURNING id::text`,
  params: (
    hash: Buffer,
    agencyId: number,
    userName: string,
    preparedFor: string | null,
    offer: SharedOffer,
  ) => [hash, agencyId, userName, preparedFor, offer, endOfStay(offer.checkOut), OFFER_DAYS],
  row: z.object({ id: z.string() }),
});

/**
 * The offer stops at the end of its check-out day; a stay without a check-out date (the provider
 * may leave it out) stops at the 60 days alone (LEAST skips a NULL).
 */
function endOfStay(checkOut: string) {
  return /^\d{4}-\d{2}-\d{2}/.test(checkOut) ? `${checkOut.slice(0, 10)}T23:59:59Z` : null;
}

/** Stores the offer; the token of its link (shown once: only its hash is kept). */
export async function shareOffer(
  agencyId: number,
  userName: string,
  preparedFor: string | null,
  offer: SharedOffer,
) {
  const token = randomBytes(32).toString("base64url");
  await runQuery(insertQuery, sha256(token), agencyId, userName, preparedFor, offer);
  return token;
}

const openQuery = defineQuery({
  name: "offers.open",
  sql: `WITH opened AS (
          UPDATE shared_offers
             SET opened_count = opened_count + 1, last_opened_at = now()
           WHERE token_sha256 = $1 AND withdrawn_at IS NULL AND expires_at > now()
          RETURNING agency_id, prepared_for, offer)
        SELECT 'open' AS state, opened.prepared_for, opened.offer,
               branding.contact_lines, branding.logo IS NOT NULL AS has_logo
          FROM opened LEFT JOIN agency_branding branding USING (agency_id)
        UNION ALL
        SELECT 'ended', NULL, NULL, NULL, false
          FROM shared_offers
         WHERE token_sha256 = $1 AND NOT EXISTS (SELECT 1 FROM opened)`,
  params: (hash: Buffer) => [hash],
  row: z.object({
    state: z.enum(["open", "ended"]),
    prepared_for: z.string().nullable(),
    offer: sharedOfferSchema.nullable(),
    contact_lines: z.string().nullable(),
    has_logo: z.boolean(),
  }),
});

/**
 * The offer a customer's link names, counted as opened once more: `missing` for a token that is
 * malformed or was never given, `ended` for one withdrawn or past its end.
 */
export async function openSharedOffer(token: string) {
  if (!TOKEN.test(token)) return { state: "missing" } as const;
  const [row] = await runQuery(openQuery, sha256(token));
  if (!row) return { state: "missing" } as const;
  if (row.state === "ended" || !row.offer) return { state: "ended" } as const;
  return {
    state: "open",
    offer: row.offer,
    preparedFor: row.prepared_for,
    contactLines: row.contact_lines ?? "",
    hasLogo: row.has_logo,
  } as const;
}

const logoByTokenQuery = defineQuery({
  name: "offers.logo",
  sql: `SELECT branding.logo, branding.logo_type
          FROM shared_offers offer JOIN agency_branding branding USING (agency_id)
         WHERE offer.token_sha256 = $1 AND offer.withdrawn_at IS NULL
           AND offer.expires_at > now() AND branding.logo IS NOT NULL`,
  params: (hash: Buffer) => [hash],
  row: z.object({ logo: z.instanceof(Buffer), logo_type: z.enum(["image/png", "image/jpeg"]) }),
});

/** The logo of the agency of an offer that is still open, or null. */
export async function logoOfSharedOffer(token: string) {
  if (!TOKEN.test(token)) return null;
  const [row] = await runQuery(logoByTokenQuery, sha256(token));
  return row ? { bytes: row.logo, type: row.logo_type } : null;
}

const listQuery = defineQuery({
  name: "offers.list",
  sql: `SELECT id::text, created_by, prepared_for, offer, created_at, expires_at, withdrawn_at,
               opened_count, last_opened_at, (withdrawn_at IS NULL AND expires_at > now()) AS open
          FROM shared_offers WHERE agency_id = $1
         ORDER BY created_at DESC LIMIT 200`,
  params: (agencyId: number) => [agencyId],
  row: z.object({
    id: z.string(),
    created_by: z.string(),
    prepared_for: z.string().nullable(),
    offer: sharedOfferSchema,
    created_at: z.date(),
    expires_at: z.date(),
    withdrawn_at: z.date().nullable(),
    opened_count: z.number(),
    last_opened_at: z.date().nullable(),
    open: z.boolean(),
  }),
});

/** The agency's shared offers, newest first (the last 200). */
export function listSharedOffers(agencyId: number) {
  return runQuery(listQuery, agencyId);
}

const withdrawQuery = defineQuery({
  name: "offers.withdraw",
  sql: `UPDATE shared_offers SET withdrawn_at = coalesce(withdrawn_at, now())
         WHERE id = $1 AND agency_id = $2 RETURNING id::text`,
  params: (id: string, agencyId: number) => [id, agencyId],
  row: z.object({ id: z.string() }),
});

/** Withdraws one of the agency's offers; false when the agency has no such offer. */
export async function withdrawSharedOffer(id: string, agencyId: number) {
  if (!/^\d{1,18}$/.test(id)) return false;
  return (await runQuery(withdrawQuery, id, agencyId)).length === 1;
}
