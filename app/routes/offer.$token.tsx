import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AgencyBrand } from "~/components/agency-brand";
import { StayRows } from "~/components/traveller-stay";
import type { AgencyBranding } from "~/utils/agency/agency.server";
import {
  sharedOfferColumns,
  type SharedOfferColumn,
} from "~/utils/agency/shared-offer-view.server";
import { openSharedOffer } from "~/utils/agency/shared-offers.server";
import { unlessStoreUnavailable } from "~/utils/db/db.server";
import { countAgainstLimit } from "~/utils/limits/rate-limit.server";

export const handle = { i18n: ["common", "requests", "wizard"], withoutScripts: true };

/**
 * An offer an agency shared, as its customer opens it from a link: no sign-in, no provider call,
 * one query to the portal's store. It shows the agency (its logo and contact lines), the stay and
 * the price with the agency's markup; never a guest's name, the provider's price or a request
 * number, since the store has none of them. A link that was never given is 404; one withdrawn or
 * past its end says so with 410; a crawl of guessed links from one address is stopped (429).
 */

type Page =
  | { state: "missing" | "ended" | "unavailable" | "tooMany"; title: string; message: string }
  | {
      state: "open";
      title: string;
      agencyName: string | null;
      branding: AgencyBranding;
      preparedFor: string | null;
      columns: SharedOfferColumn[];
    };

const STATUS = { missing: 404, ended: 410, unavailable: 503, tooMany: 429 } as const;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const t = context.translator("requests");
  const refusal = (state: keyof typeof STATUS) =>
    data<Page>(
      { state, title: t(`share.page.${state}Title`), message: t(`share.page.${state}`) },
      { status: STATUS[state] },
    );
  if ((await countAgainstLimit("offerOpensPerClient", context.clientAddress)) !== null)
    return refusal("tooMany");
  const token = params.token ?? "";
  const opened = await unlessStoreUnavailable(openSharedOffer(token), {
    state: "unavailable",
  } as const);
  if (opened.state !== "open") return refusal(opened.state);
  const { offer } = opened;
  return data<Page>({
    state: "open",
    title: t("offer.title", { hotel: offer.hotel.name }),
    agencyName: offer.agencyName,
    branding: {
      logo: opened.hasLogo ? `/offer/${token}/logo` : null,
      contactLines: opened.contactLines.split("\n").filter((line) => line.trim()),
    },
    preparedFor: opened.preparedFor,
    columns: await sharedOfferColumns(offer),
  });
}

export const headers: HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
});

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function SharedOfferPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-4 bg-white p-4 print:p-0">
      {page.state === "open" ? (
        <>
          <AgencyHeader page={page} />
          <div className="grid gap-6 md:grid-cols-2 print:grid-cols-2" data-testid="shared-offer">
            {page.columns.map((column) => (
              <OfferColumn key={column.language} column={column} />
            ))}
          </div>
        </>
      ) : (
        <section aria-labelledby="offer-state" className="rounded border border-gray-300 p-4">
          <h1 id="offer-state" className="text-lg font-semibold">
            {page.title}
          </h1>
          <p className="mt-2">{page.message}</p>
        </section>
      )}
    </main>
  );
}

/** Who the offer is from: the agency's logo, name and contact lines, and whom it was prepared for. */
function AgencyHeader({ page }: { page: Extract<Page, { state: "open" }> }) {
  return (
    <header className="flex flex-wrap items-start gap-4 border-b border-gray-300 pb-4">
      <div className="flex flex-col gap-1">
        {page.agencyName ? (
          <p className="text-lg font-semibold">
            <bdi>{page.agencyName}</bdi>
          </p>
        ) : null}
        <AgencyBrand branding={page.branding} agencyName={page.agencyName} />
        {page.preparedFor ? (
          <p className="text-sm" data-testid="prepared-for">
            <bdi>{page.preparedFor}</bdi>
          </p>
        ) : null}
      </div>
    </header>
  );
}

function OfferColumn({ column }: { column: SharedOfferColumn }) {
  const label = column.stay.stayLabel;
  return (
    <section
      lang={column.language}
      dir={column.dir}
      aria-labelledby={`shared-${column.language}`}
      data-testid={`shared-offer-${column.language}`}
      className="flex flex-col gap-3 rounded border border-gray-300 p-4 text-sm"
    >
      <h1 id={`shared-${column.language}`} className="text-lg font-semibold">
        {column.heading}
      </h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <StayRows stay={column.stay} />
      </dl>
      {column.rooms.map((room) => (
        <div key={room.heading} className="border-t border-gray-200 pt-2">
          <h2 className="font-semibold">{room.heading}</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-gray-600">{label.roomType}</dt>
            <dd>
              <bdi>{room.roomType}</bdi>
            </dd>
            <dt className="text-gray-600">{label.board}</dt>
            <dd>
              <bdi>{room.board}</bdi>
            </dd>
            <dt className="text-gray-600">{label.view}</dt>
            <dd>
              <bdi>{room.view}</bdi>
            </dd>
            <dt className="text-gray-600">{label.guests}</dt>
            <dd>{room.guests.join(column.language === "fa" ? "، " : ", ")}</dd>
          </dl>
        </div>
      ))}
      <div className="border-t-2 border-gray-800 pt-2">
        <p className="flex flex-wrap justify-between gap-2 text-base font-semibold">
          <span>{column.priceLabel}</span>{" "}
          <span data-testid="shared-offer-price">{column.price}</span>
        </p>
        <p className="text-xs text-gray-700">{column.pricedOn}</p>
      </div>
    </section>
  );
}
