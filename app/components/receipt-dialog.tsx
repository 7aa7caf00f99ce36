import { DialogTitle } from "@headlessui/react";
import type { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  ReceiptForm,
  type ReceiptActionData,
  type ReceiptOptions,
} from "~/components/receipt-form";
import { Button } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";

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
    <Modal
      open={open}
      onClose={onClose}
      panelClassName="max-w-2xl p-4 md:p-6"
      testId="receipt-dialog"
    >
      <div className="mb-4 flex items-start justify-between gap-3">
        <DialogTitle className="text-lg font-semibold">{t("receipt.heading")}</DialogTitle>
        <Button variant="quiet" onClick={onClose}>
          {t("receipt.close")}
        </Button>
      </div>
      <ReceiptForm orderId={orderId} options={options} fetcher={fetcher} />
    </Modal>
  );
}
