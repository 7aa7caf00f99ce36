/**
 * Every page of the portal, shown with the seed's records (sandbox/seed.ts): what the checks
 * over "every page" go through (security headers, secrets, accessibility, page weight).
 */

export const PUBLIC_PAGES = ["/auth/login", "/auth/register", "/auth/register-success"];

/** The wizard that adds a request to an existing order (3001, the demo agency's, in USD). */
export const ADD_TO_ORDER_WIZARD = "/reservations/add-reservation/3001";

export const SIGNED_IN_PAGES = {
  account: [
    "/dashboard",
    "/changePassword",
    "/account/verify-email",
    "/agency/branding",
    "/agency/offers",
  ],
  requests: [
    "/reservations/list",
    "/reservations/reservation-details/7001",
    "/reservations/reservation-details/7001?confirm=delete",
    "/reservations/reservation-details/7001/print",
    // A Confirmed request's voucher (no other state has one).
    "/reservations/reservation-details/7013/voucher",
    // A request's client offer, in both languages side by side.
    "/reservations/reservation-details/7001/offer?markupKind=percent&markup=12&language=both",
    "/reservations/modify-date-reservation/7001",
    "/reservations/modify-room-reservation/7001",
    "/reservations/modify-flight-reservation/7001",
    // The wizard that adds a request to an order opens without a draft too.
    `${ADD_TO_ORDER_WIZARD}/hotel`,
  ],
  orders: [
    "/orders",
    "/orders/order-details/3001",
    "/orders/order-details/3001/receipt",
    "/orders/order-details/3001/tickets/15001",
    "/payments",
    "/transactions",
  ],
};

/** The wizard's first step: the only one that opens without a draft. */
const WIZARD_FIRST_STEP = "/reservations/new/hotel";

/**
 * Every signed-in page, the wizard's first step with the account's, in groups: a check over many
 * pages is a test per group, each with its own time.
 */
export const SIGNED_IN_PAGE_GROUPS = {
  account: [...SIGNED_IN_PAGES.account, WIZARD_FIRST_STEP],
  requests: SIGNED_IN_PAGES.requests,
  orders: SIGNED_IN_PAGES.orders,
};

/** A date `days` from today, as the wizard's date fields take it. */
export function dayFromToday(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "/");
}

function flight(direction: "arrival" | "departure", from: string, to: string, date: string) {
  return {
    [`${direction}.airline`]: "IR",
    [`${direction}.flightNumber`]: "IR712",
    [`${direction}.origin`]: from,
    [`${direction}.destination`]: to,
    [`${direction}.takeOffDate`]: date,
    [`${direction}.takeOffTime`]: "07:40",
  };
}

/**
 * The new-request wizard step by step: each step's page and, but for the last, what its form sends
 * to move on (three nights in a hotel with a transfer, one Single room for one guest, flights both
 * ways). Only a draft opens the later steps, so they are reached in this order. `wizard`: the
 * wizard's address, the new request's or one adding to an order (`ADD_TO_ORDER_WIZARD`).
 */
export function wizardSteps(
  wizard = "/reservations/new",
): Array<{ path: string; moveOn?: Record<string, string> }> {
  const checkIn = dayFromToday(10);
  const checkOut = dayFromToday(13);
  return [
    {
      path: `${wizard}/hotel`,
      moveOn: { propertyId: "1004", checkIn, checkOut, needTransfer: "on" },
    },
    {
      path: `${wizard}/rooms`,
      moveOn: {
        "rooms[0].roomTypeId": "403",
        "rooms[0].guests[0].firstName": "Sara",
        "rooms[0].guests[0].lastName": "Ahmadi",
        "rooms[0].guests[0].dateOfBirth": "1990/01/01",
        "rooms[0].guests[0].gender": "Female",
        "rooms[0].guests[0].passportNumber": "P4001201",
        "rooms[0].guests[0].nationality": "IR",
      },
    },
    {
      path: `${wizard}/flights`,
      moveOn: {
        ...flight("arrival", "IKA", "DXB", checkIn),
        ...flight("departure", "DXB", "IKA", checkOut),
      },
    },
    { path: `${wizard}/review` },
  ];
}
