import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  ReceiptForm,
  type ReceiptActionData,
  type ReceiptOptions,
} from "~/components/receipt-form";
import { Button } from "~/components/ui/button";

/**
 * The receipt form in a modal dialog, for the order page with JS. A module of its own so the
 * order page loads Headless UI only when the dialog is wanted (see `SubmitReceipt`).
 */
export type ReceiptDialogProps = {
  open: boolean;
  onClose: () => void;
  orderId: number;
  options: ReceiptOptions;
  fetcher: ReturnType<typeof useFetcher<ReceiptActionData>>;
};

export default function ReceiptDialog({
  open,
  onClose,
  orderId,
  options,
  fetcher,
}: ReceiptDialogProps) {
  const { t } = useTranslation("payments");
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4">
        <DialogPanel
          className="w-full max-w-2xl rounded bg-white p-4 shadow-lg md:p-6"
          data-testid="receipt-dialog"
        >
          <div className="mb-4 flex items-start justify-between gap-3">
            <DialogTitle className="text-lg font-semibold">{t("receipt.heading")}</DialogTitle>
            <Button variant="quiet" onClick={onClose}>
              {t("receipt.close")}
            </Button>
          </div>
          <ReceiptForm orderId={orderId} options={options} fetcher={fetcher} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
