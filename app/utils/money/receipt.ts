import { z } from "zod";
import { typedDate } from "~/utils/forms/date-validation";
import { optionalText, requiredText, typedAmount, typedTime } from "~/utils/forms/validation";

/**
 * The receipt form (a bank receipt for an order's payment), for the browser and the server: the
 * spec's receipt fields, and the file: JPEG, PNG or PDF, at most 5 MB. The browser checks the
 * declared type; the server checks the file's first bytes.
 */

export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;
const RECEIPT_TYPES = ["image/jpeg", "image/png", "application/pdf"];

const requiredId = z
  .string({ required_error: "validation.required" })
  .regex(/^\d+$/, "validation.required")
  .transform(Number);
const optionalId = z.string().regex(/^\d+$/).transform(Number).optional().catch(undefined);

const amount = typedAmount("validation.amount").refine(
  (value) => value > 0 && value <= 1e13,
  "validation.amount",
);

export function receiptSchema(language: string) {
  return z.object({
    receiptNumber: requiredText(40),
    paymentDate: typedDate(language),
    paymentTime: typedTime,
    receiptPaymentType: requiredId,
    sendersName: requiredText(100),
    amount,
    currency: requiredId,
    bank: optionalId,
    description: optionalText(1000),
    receipt: z
      .instanceof(File, { message: "validation.required" })
      .refine((file) => file.size > 0, "validation.required")
      .refine((file) => file.size <= MAX_RECEIPT_BYTES, "validation.fileTooLarge")
      .refine((file) => !file.type || RECEIPT_TYPES.includes(file.type), "validation.fileType"),
  });
}

/** What the file's first bytes say it is: the name and the declared type are not trusted. */
export function sniffReceiptType(bytes: Uint8Array) {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return { ext: "pdf", type: "application/pdf" };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { ext: "png", type: "image/png" };
  if (starts(0xff, 0xd8, 0xff)) return { ext: "jpg", type: "image/jpeg" };
  return null;
}
