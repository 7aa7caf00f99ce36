import { useTranslation } from "react-i18next";
import { InlineValues } from "~/components/ui/inline-values";

/** A priced room as the server prepares it: every amount already written in the user's language. */
export type PricedRoomView = {
  roomType: string;
  board: string;
  view: string;
  nights: string;
  stayTotal: string;
  extraCharges: string;
  total: string;
  /** `null`: the provider's list could not be read; the totals above it still stand. */
  datePrices: null | Array<{
    date: string;
    room: string;
    childNoBed: string | null;
    childWithBed: string | null;
    extraBed: string | null;
  }>;
  specialDates: null | Array<{
    date: string;
    room: string;
    childNoBed: string | null;
    childWithBed: string | null;
    extraBed: string | null;
  }>;
};

/**
 * The provider's price of each room (spec §3 "Validated prices"), with its fare breakdown per
 * night and the special-date differences. The portal never computes a price: it shows these.
 * The breakdown is a `<details>`: it opens with or without JS.
 */
export function PriceBreakdown({
  rooms,
  expanded = false,
}: {
  rooms: PricedRoomView[];
  /** Every breakdown open (the print view). */
  expanded?: boolean;
}) {
  const { t } = useTranslation("wizard");
  return (
    <div className="overflow-x-auto print:overflow-visible">
      <table className="w-full min-w-[36rem] text-sm print:min-w-0" data-testid="price-table">
        <thead>
          <tr className="border-b border-gray-200 text-gray-600">
            <th scope="col" className="py-2 text-start font-medium">
              {t("prices.room")}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              {t("prices.nights")}
            </th>
            <th scope="col" className="py-2 text-end font-medium">
              {t("prices.stay")}
            </th>
            <th scope="col" className="py-2 text-end font-medium">
              {t("prices.extras")}
            </th>
            <th scope="col" className="py-2 text-end font-medium">
              {t("prices.total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rooms.map((room, index) => (
            <tr key={index} className="border-b border-gray-100 align-top">
              <th scope="row" className="py-2 text-start font-normal">
                <bdi className="font-medium">{room.roomType}</bdi>{" "}
                <span className="block text-xs text-gray-600">
                  <InlineValues values={[room.board, room.view]} />
                </span>{" "}
                <FareBreakdown room={room} expanded={expanded} />
              </th>
              <td className="py-2">{room.nights}</td>
              <td className="py-2 text-end">{room.stayTotal}</td>
              <td className="py-2 text-end">{room.extraCharges}</td>
              <td className="py-2 text-end font-medium">{room.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FareBreakdown({ room, expanded }: { room: PricedRoomView; expanded: boolean }) {
  const { t } = useTranslation("wizard");
  const cell = (value: string | null) => <td className="px-2 py-1 text-end">{value ?? "—"}</td>;
  return (
    <details className="mt-1" open={expanded || undefined}>
      <summary className="cursor-pointer text-xs text-primary-dark underline">
        {t("prices.breakdown")}
      </summary>
      <table className="mt-2 text-xs">
        <caption className="sr-only">{t("prices.breakdownOf", { room: room.roomType })}</caption>
        <thead>
          <tr className="text-gray-600">
            <th scope="col" className="px-2 py-1 text-start font-medium">
              {t("prices.date")}
            </th>
            <th scope="col" className="px-2 py-1 text-end font-medium">
              {t("prices.roomPrice")}
            </th>
            <th scope="col" className="px-2 py-1 text-end font-medium">
              {t("extras.childNoBed")}
            </th>
            <th scope="col" className="px-2 py-1 text-end font-medium">
              {t("extras.childWithBed")}
            </th>
            <th scope="col" className="px-2 py-1 text-end font-medium">
              {t("extras.extraBed")}
            </th>
          </tr>
        </thead>
        <tbody>
          {[
            ...(room.datePrices ?? []).map((day) => ({ ...day, label: day.date, special: false })),
            ...(room.specialDates ?? []).map((day) => ({
              ...day,
              label: t("prices.specialDate", { date: day.date }),
              special: true,
            })),
          ].map((row) => (
            <tr
              key={`${row.special}-${row.date}`}
              className={row.special ? "text-amber-900" : undefined}
            >
              <th scope="row" className="px-2 py-1 text-start font-normal">
                {row.label}
              </th>
              {cell(row.room)}
              {cell(row.childNoBed)}
              {cell(row.childWithBed)}
              {cell(row.extraBed)}
            </tr>
          ))}
        </tbody>
      </table>
      {room.datePrices === null || room.specialDates === null ? (
        <p className="mt-1 text-xs text-amber-900" data-testid="breakdown-unreadable">
          {t(room.datePrices === null ? "prices.nightsUnreadable" : "prices.specialUnreadable")}
        </p>
      ) : null}
    </details>
  );
}
