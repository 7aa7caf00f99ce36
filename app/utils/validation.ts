import { z } from "zod";

/**
 * Building blocks for the forms' zod schemas. Messages are translation keys (common:validation.*),
 * so one schema serves the browser (conform) and the server action in either language.
 * Spec §5 gives the messages and the password rule.
 */

export const requiredText = (max = 200) =>
  z
    .string({ required_error: "validation.required", invalid_type_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(max, "validation.tooLong");

// Spec §5: at least 8 characters, one capital letter, one small letter, one digit.
export const PASSWORD_MIN_LENGTH = 8;
export const passwordRule = z
  .string({ required_error: "validation.required" })
  .min(PASSWORD_MIN_LENGTH, "validation.password")
  .regex(/[A-Z]/, "validation.password")
  .regex(/[a-z]/, "validation.password")
  .regex(/[0-9]/, "validation.password")
  .max(100, "validation.tooLong");

export const emailAddress = requiredText(120).email("validation.email");

export const phoneNumber = requiredText(20).regex(/^\+?[0-9][0-9 ()-]{6,19}$/, "validation.phone");

export const userName = requiredText(50).regex(/^[A-Za-z0-9._-]{3,50}$/, "validation.userName");
