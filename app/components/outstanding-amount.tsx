import { useTranslation } from "react-i18next";

/**
 * What is still to be paid on an order (null: nothing), written out in its currency, and what of
 * it a payment under review may settle (null: none is).
 */
export type Outstanding = { amount: string | null; currency: string; underReview: string | null };

/**
 * How much is still to be paid on an order: what a receipt most often is for. Beside "Submit a
 * receipt" on the order, and above the receipt form. A module of its own: the order page shows it
 * without loading the receipt form.
 */
export function OutstandingAmount({ outstanding }: { outstanding: Outstanding }) {
  const { t } = useTranslation("payments");
  return (
    <div className="text-sm">
      <p data-testid="outstanding">
        {outstanding.amount
          ? t("receipt.outstanding", { amount: outstanding.amount, currency: outstanding.currency })
          : t("receipt.nothingOutstanding")}
      </p>
      {outstanding.underReview ? (
        <p className="font-medium text-amber-900" data-testid="under-review">
          {t("receipt.underReview", { amount: outstanding.underReview })}
        </p>
      ) : null}
    </div>
  );
}
