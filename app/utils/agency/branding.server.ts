import { z } from "zod";
import { defineQuery, runQuery } from "~/utils/db/db.server";

/**
 * The agency's branding in the portal's store: its logo (PNG or JPEG) and the contact lines shown
 * to its customers, one row per agency (the provider's agency id), shared by its clerks.
 */

type LogoType = "image/png" | "image/jpeg";

const brandingQuery = defineQuery({
  name: "branding.get",
  sql: `SELECT contact_lines, logo IS NOT NULL AS has_logo,
               floor(extract(epoch FROM updated_at))::bigint::text AS version
          FROM agency_branding WHERE agency_id = $1`,
  params: (agencyId: number) => [agencyId],
  row: z.object({ contact_lines: z.string(), has_logo: z.boolean(), version: z.string() }),
});

export type Branding = { contactLines: string; hasLogo: boolean; version: string };

/** The agency's branding, or null before a clerk has set any. */
export async function getBranding(agencyId: number): Promise<Branding | null> {
  const [row] = await runQuery(brandingQuery, agencyId);
  return row
    ? { contactLines: row.contact_lines, hasLogo: row.has_logo, version: row.version }
    : null;
}

const logoQuery = defineQuery({
  name: "branding.logo",
  sql: "SELECT logo, logo_type FROM agency_branding WHERE agency_id = $1 AND logo IS NOT NULL",
  params: (agencyId: number) => [agencyId],
  row: z.object({ logo: z.instanceof(Buffer), logo_type: z.enum(["image/png", "image/jpeg"]) }),
});

/** The agency's logo's bytes and type, or null. */
export async function getLogo(agencyId: number) {
  const [row] = await runQuery(logoQuery, agencyId);
  return row ? { bytes: row.logo, type: row.logo_type } : null;
}

/**
 * Saves the contact lines; the logo as given: new bytes, "keep" the stored one, or "remove".
 * One statement: two clerks saving at once leave one whole branding, the last one's.
 */
const saveQuery = defineQuery({
  name: "branding.save",
  sql: `INSERT INTO agency_branding (agency_id, contact_lines, logo, logo_type, updated_by)
        VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (agency_id) DO UPDATE SET
          contact_lines = EXCLUDED.contact_lines,
          logo = CASE WHEN $6 THEN agency_branding.logo ELSE EXCLUDED.logo END,
          logo_type = CASE WHEN $6 THEN agency_branding.logo_type ELSE EXCLUDED.logo_type END,
          updated_by = EXCLUDED.updated_by,
          updated_at = now()`,
  params: (
    agencyId: number,
    contactLines: string,
    logo: { bytes: Buffer; type: LogoType } | "keep" | "remove",
    userName: string,
  ) => {
    const bytes = typeof logo === "object" ? logo : null;
    return [
      agencyId,
      contactLines,
      bytes?.bytes ?? null,
      bytes?.type ?? null,
      userName,
      logo === "keep",
    ];
  },
  row: z.unknown(),
});

export async function saveBranding(...args: Parameters<typeof saveQuery.params>) {
  await runQuery(saveQuery, ...args);
}
