import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PaymentStateChip } from "~/components/state-chips";
import type { PaymentRow } from "~/utils/payment-rows.server";

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
  const contract = (row: PaymentRow) => (
    <Link to={`/orders/order-details/${row.orderId}`} className="text-primary-dark underline">
      <bdi dir="ltr">{row.contractNumber}</bdi>
    </Link>
  );
  const chip = (row: PaymentRow) => (
    <PaymentStateChip state={row.state} kind={row.type === "Cash" ? "Cash" : "Receipt"} />
  );
  const columns: Column[] =
    kind === "Receipt"
      ? [
          { key: "id", label: t("fields.id"), cell: (row) => row.id },
          {
            key: "type",
            label: t("fields.type"),
            cell: (row) => t(`types.${row.type}`, { defaultValue: row.type }),
          },
          { key: "source", label: t("fields.source"), cell: (row) => row.source, end: true },
          {
            key: "converted",
            label: t("fields.converted"),
            cell: (row) => row.converted,
            end: true,
          },
          { key: "contract", label: t("fields.contract"), cell: contract },
          { key: "submitted", label: t("fields.submitted"), cell: (row) => row.submitted },
          { key: "paidAt", label: t("fields.paidAt"), cell: (row) => row.paidAt },
          {
            key: "receiptNumber",
            label: t("fields.receiptNumber"),
            cell: (row) => <bdi>{row.receiptNumber}</bdi>,
          },
          { key: "receiptType", label: t("fields.receiptType"), cell: (row) => row.receiptType },
          { key: "bank", label: t("fields.bank"), cell: (row) => row.bank },
          { key: "state", label: t("fields.state"), cell: chip },
        ]
      : kind === "Cash"
        ? [
            { key: "id", label: t("fields.id"), cell: (row) => row.id },
            { key: "amount", label: t("fields.amount"), cell: (row) => row.amount, end: true },
            { key: "currency", label: t("fields.currency"), cell: (row) => row.currency },
            { key: "contract", label: t("fields.contract"), cell: contract },
            { key: "submitted", label: t("fields.submitted"), cell: (row) => row.submitted },
            { key: "payer", label: t("fields.payer"), cell: (row) => <bdi>{row.payer}</bdi> },
            { key: "payee", label: t("fields.payee"), cell: (row) => <bdi>{row.payee}</bdi> },
            { key: "state", label: t("fields.state"), cell: chip },
          ]
        : [
            { key: "id", label: t("fields.id"), cell: (row) => row.id },
            {
              key: "type",
              label: t("fields.type"),
              cell: (row) => t(`types.${row.type}`, { defaultValue: row.type }),
            },
            { key: "source", label: t("fields.source"), cell: (row) => row.source, end: true },
            {
              key: "converted",
              label: t("fields.converted"),
              cell: (row) => row.converted,
              end: true,
            },
            { key: "submitted", label: t("fields.submitted"), cell: (row) => row.submitted },
            {
              key: "receiptNumber",
              label: t("fields.receiptNumber"),
              cell: (row) => <bdi>{row.receiptNumber}</bdi>,
            },
            { key: "state", label: t("fields.state"), cell: chip },
          ];
  return (
    <div className="overflow-x-auto" role="region" aria-label={t("tableLabel")} tabIndex={0}>
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
    </div>
  );
}
