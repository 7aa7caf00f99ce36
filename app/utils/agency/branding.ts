import { z } from "zod";
import { optionalText } from "~/utils/forms/validation";

/**
 * The branding form, for the browser and the server: the contact lines customers see, and a logo
 * (PNG or JPEG, at most 200 KB; no SVG, which can carry scripts). The browser checks the declared
 * type and the size; the server checks the file's first bytes (`sniffLogoType`).
 */

export const MAX_LOGO_BYTES = 200 * 1024;
const LOGO_TYPES = ["image/png", "image/jpeg"];
const MAX_CONTACT_LINES = 400;

export const brandingSchema = z.object({
  contactLines: optionalText(MAX_CONTACT_LINES).refine(
    (value) => value.split("\n").length <= 6,
    "validation.tooManyLines",
  ),
  logo: z
    .instanceof(File)
    .optional()
    // An empty file input sends a file with no name and no bytes: no new logo.
    .transform((file) => (file && file.size > 0 ? file : undefined))
    .refine((file) => !file || file.size <= MAX_LOGO_BYTES, "validation.logoTooLarge")
    .refine((file) => !file || !file.type || LOGO_TYPES.includes(file.type), "validation.logoType"),
  removeLogo: z.literal("on").optional(),
});
