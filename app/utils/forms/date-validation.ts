import { z } from "zod";
import { parseDateInput } from "~/utils/format/date-input";
import { requiredText } from "~/utils/forms/validation";

/**
 * A date typed in the user's calendar (any digits), as an ISO date. Apart from the other building
 * blocks because it needs dayjs and the Jalali calendar, which pages without dates do not load.
 */
export const typedDate = (language: string) =>
  requiredText(20).transform((text, ctx) => {
    const iso = parseDateInput(text, language);
    if (!iso) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.date" });
      return z.NEVER;
    }
    return iso;
  });
