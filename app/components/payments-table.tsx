import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PaymentStateChip } from "~/components/state-chips";
import type { PaymentRow } from "~/utils/money/payment-rows.server";
import { ScrollRegion } from "~/components/ui/scroll-region";

/** Spec §2: the receipt tab's and the cash tab's columns; an order's payments of every kind. */
const COLUMNS = {
  Receipt: [
    "id",
    "type",
    "source",
    "converted",
    "contract",
    "submitted",
    "paidAt",
    "receiptNumber",
    "receiptType",
    "bank",
    "state",
  ],
  Cash: ["id", "amount", "currency", "contract", "submitted", "payer", "payee", "state"],
  mixed: ["id", "type", "source", "converted", "submitted", "receiptNumber", "state"],
} as const;

type Column = {
  key: string;
  label: string;
  cell: (row: PaymentRow) => React.ReactNode;
  end?: boolean;
};

/**
 * Payments as a table. Spec §2: the receipt tab's and the cash tab's columns; an order shows its
 * payments of every kind with the columns they share.
 */
export function PaymentsTable({
  rows,
  kind = "mixed",
  testId,
}: {
  rows: PaymentRow[];
  kind?: "Receipt" | "Cash" | "mixed";
  testId: string;
}) {
  const { t } = useTranslation("payments");
  // Every column once; each kind of table picks its own, in the spec's order.
  const all: Record<string, Column> = {
    id: { key: "id", label: t("fields.id"), cell: (row) => row.id },
    type: {
      key: "type",
      label: t("fields.type"),
      cell: (row) => t(`types.${row.type}`, { defaultValue: row.type }),
    },
    source: { key: "source", label: t("fields.source"), cell: (row) => row.source, end: true },
    converted: {
      key: "converted",
      label: t("fields.converted"),
      cell: (row) => row.converted,
      end: true,
    },
    amount: { key: "amount", label: t("fields.amount"), cell: (row) => row.amount, end: true },
    currency: { key: "currency", label: t("fields.currency"), cell: (row) => row.currency },
    contract: {
      key: "contract",
      label: t("fields.contract"),
      cell: (row) => (
        <Link to={`/orders/order-details/${row.orderId}`} className="text-primary-dark underline">
          <bdi dir="ltr">{row.contractNumber}</bdi>
        </Link>
      ),
    },
    submitted: { key: "submitted", label: t("fields.submitted"), cell: (row) => row.submitted },
    paidAt: { key: "paidAt", label: t("fields.paidAt"), cell: (row) => row.paidAt },
    receiptNumber: {
      key: "receiptNumber",
      label: t("fields.receiptNumber"),
      cell: (row) => (
        <>
          <bdi>{row.receiptNumber}</bdi>
          {row.fileHref ? (
            <>
              {" "}
              <a href={row.fileHref} download className="text-primary-dark underline">
                {t("receipt.fileLink")}
                <span className="sr-only">
                  {" "}
                  <bdi>{row.receiptNumber}</bdi>
                </span>
              </a>
            </>
          ) : null}
        </>
      ),
    },
    receiptType: {
      key: "receiptType",
      label: t("fields.receiptType"),
      cell: (row) => row.receiptType,
    },
    bank: { key: "bank", label: t("fields.bank"), cell: (row) => row.bank },
    payer: { key: "payer", label: t("fields.payer"), cell: (row) => <bdi>{row.payer}</bdi> },
    payee: { key: "payee", label: t("fields.payee"), cell: (row) => <bdi>{row.payee}</bdi> },
    state: {
      key: "state",
      label: t("fields.state"),
      cell: (row) => (
        <PaymentStateChip state={row.state} kind={row.type === "Cash" ? "Cash" : "Receipt"} />
      ),
    },
  };
  const columns = COLUMNS[kind].map((name) => all[name]);
  return (
    <ScrollRegion label={t("tableLabel")}>
      <table className="w-full min-w-[44rem] text-sm" data-testid={testId}>
        <thead className="border-b border-gray-300 text-gray-700">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-2 py-2 font-medium ${column.end ? "text-end" : "text-start"}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-gray-100">
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={`whitespace-nowrap px-2 py-2 ${column.end ? "text-end" : ""}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
