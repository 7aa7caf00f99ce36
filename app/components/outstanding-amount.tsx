import { useTranslation } from "react-i18next";

/** What is still to be paid on an order (null: nothing), written out in its currency. */
export type Outstanding = { amount: string | null; currency: string };

/**
 * How much is still to be paid on an order: what a receipt most often is for. Beside "Submit a
 * receipt" on the order, and above the receipt form. A module of its own: the order page shows it
 * without loading the receipt form.
 */
export function OutstandingAmount({ outstanding }: { outstanding: Outstanding }) {
  const { t } = useTranslation("payments");
  return (
    <p className="text-sm" data-testid="outstanding">
      {outstanding.amount
        ? t("receipt.outstanding", { amount: outstanding.amount, currency: outstanding.currency })
        : t("receipt.nothingOutstanding")}
    </p>
  );
}
