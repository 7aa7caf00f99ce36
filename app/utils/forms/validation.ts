import { z } from "zod";
import { normalizeDigits } from "~/utils/format/numbers";

/**
 * Building blocks for the forms' zod schemas. Messages are translation keys (common:validation.*),
 * so one schema serves the browser (conform) and the server action in either language.
 * Spec §5 gives the messages and the password rule.
 */

/**
 * Invisible control characters (NUL, escape, …) that no keyboard types, only a paste or a forged
 * post: refused rather than passed on to the provider. Tab and line breaks are text.
 */
// eslint-disable-next-line no-control-regex -- matching them is the point
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

export const requiredText = (max = 200) =>
  z
    .string({ required_error: "validation.required", invalid_type_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(max, "validation.tooLong")
    .regex(WITHOUT_CONTROL_CHARACTERS, "validation.controlCharacters");

/** A text the user may leave empty. */
export const optionalText = (max: number) =>
  z
    .string({ invalid_type_error: "validation.required" })
    .trim()
    .max(max, "validation.tooLong")
    .regex(WITHOUT_CONTROL_CHARACTERS, "validation.controlCharacters")
    .default("");

// Spec §5: at least 8 characters, one capital letter, one small letter, one digit.
const PASSWORD_MIN_LENGTH = 8;
export const passwordRule = z
  .string({ required_error: "validation.required" })
  .min(PASSWORD_MIN_LENGTH, "validation.password")
  .regex(/[A-Z]/, "validation.password")
  .regex(/[a-z]/, "validation.password")
  .regex(/[0-9]/, "validation.password")
  .max(100, "validation.tooLong");

/**
 * A password the user already has (to sign in, or to confirm a change): any the provider may hold,
 * perhaps set elsewhere, so only bounded, at a length no password reaches.
 */
export const existingPassword = z
  .string({ required_error: "validation.required" })
  .min(1, "validation.required")
  .max(256, "validation.tooLong");

export const emailAddress = requiredText(120).email("validation.email");

export const phoneNumber = requiredText(20).regex(/^\+?[0-9][0-9 ()-]{6,19}$/, "validation.phone");

export const userName = requiredText(50).regex(/^[A-Za-z0-9._-]{3,50}$/, "validation.userName");

/** A time of day typed as HH:MM (any digits). */
export const typedTime = requiredText(10)
  .transform((text) => normalizeDigits(text))
  .refine((text) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text), "validation.time");

/**
 * An amount typed in any digits, with or without thousands separators, at most two decimals;
 * `message` is what a wrong one is told.
 */
export const typedAmount = (message: string) =>
  requiredText(24)
    .transform((text) =>
      normalizeDigits(text)
        .replace(/[,\s٬]/g, "")
        .replace("٫", "."),
    )
    .refine((text) => /^\d+(\.\d{1,2})?$/.test(text), message)
    .transform(Number);
