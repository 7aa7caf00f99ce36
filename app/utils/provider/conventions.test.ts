import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { getAgencyInfo, registerAgency, updateAgencyInfo } from "./agency.server";
import { getBanks, getCurrencies, getProfileSummary } from "./client.server";
import { downloadAccountingReport, getOrder, getOrderGrid, getStatement } from "./orders.server";
import {
  getOrderPayments,
  getPayments,
  getReceiptPaymentTypes,
  submitReceipt,
  uploadReceiptFile,
} from "./payments.server";
import { getTicket, getTickets, openTicket, replyToTicket } from "./tickets.server";
import {
  getAnnouncements,
  getCommissionGroups,
  getRequestStateCounts,
  getRequestStatistics,
  getUnreadNotes,
} from "./dashboard.server";
import {
  downloadPackagePriceList,
  getPackages,
  getRecentlyUpdatedHotels,
  logPackageDownload,
} from "./packages.server";
import { getPictures, getPublicFile } from "./pictures.server";
import { findAirlines, getAirlines } from "./airlines.server";
import { findAirports, findLocations } from "./geo.server";
import { getHotelRoomTypes, getPackageHotels } from "./hotels.server";
import type { ProviderContext } from "./request.server";
import {
  changeRequestDates,
  changeRequestRooms,
  changeRequestTransportation,
  deleteRequest,
  getNotes,
  getRequestGrid,
  getRequestPermissions,
  getRequestStates,
  getRequestSummary,
  markNotesRead,
  sendNote,
  submitReserveRequest,
  validatePrices,
} from "./reserve-requests.server";
import { requestToken } from "./token.server";
import { changePassword } from "./users.server";

/**
 * What each client call puts on the wire, as docs/provider-api.md states it: whether it carries the
 * bearer token, the model it asks for on `Accept`, the model of its body on `Content-Type`, and the
 * portal's request id.
 */

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ctx: ProviderContext = { token: "the-token", requestId: "req-12345678" };
const json = (model: string) => `application/json; domain-model=${model}`;
const agency = {
  AgencyId: 1,
  AgencyName: "A",
  ManagerFirstName: "M",
  ManagerLastName: "S",
  PhoneNumber: "+98 21 1234 5678",
  Email: "a@b.c",
  EmailConfirmed: true,
  CountryCode: "IR",
  City: "Tehran",
  Address: "Vanak",
  UserName: "demo",
};
const statistics = {
  invoiced: 0,
  confirmed: 0,
  rejected: 0,
  waitForPayment: 0,
  canceled: 0,
  total: 0,
  invoicedNumber: 0,
  waitForPaymentNumber: 0,
  confirmedNumber: 0,
  rejectedNumber: 0,
};

type Expected = { token: boolean; accept: string; contentType?: string };
const calls: Array<{ name: string; run: () => Promise<unknown>; reply: unknown } & Expected> = [
  {
    name: "POST /token",
    run: () =>
      requestToken(
        { requestId: ctx.requestId },
        { username: "u", password: "p", requestReference: "r" },
      ),
    reply: { access_token: "t" },
    token: false,
    accept: "application/json",
    contentType: "application/x-www-form-urlencoded;charset=UTF-8",
  },
  {
    name: "POST /api/AgencyClient",
    run: () =>
      registerAgency({ requestId: ctx.requestId }, {
        ...agency,
        Password: "Secret123",
      } as Parameters<typeof registerAgency>[1]),
    reply: { AgencyId: 2 },
    token: false,
    accept: "application/json",
    contentType: json("CreateAgencyDTO"),
  },
  {
    name: "GET /api/AgencyClient",
    run: () => getAgencyInfo(ctx),
    reply: agency,
    token: true,
    accept: json("AgencyWithUserDTO"),
  },
  {
    name: "PUT /api/AgencyClient",
    run: () => updateAgencyInfo(ctx, agency),
    reply: agency,
    token: true,
    accept: json("AgencyWithUserDTO"),
    contentType: json("AgencyWithUserDTO"),
  },
  {
    name: "PUT /api/Users (204)",
    run: () =>
      changePassword(ctx, { CurrentPassword: "a", NewPassword: "b", ConfirmPassword: "b" }),
    reply: null,
    token: true,
    accept: "application/json",
    contentType: json("CurrentUserChangePasswordDto"),
  },
  {
    name: "GET /api/Client as UserProfileData",
    run: () => getProfileSummary(ctx),
    reply: { UserName: "demo", AgencyName: "A", ShouldVerifyEmail: false },
    token: true,
    accept: json("UserProfileData"),
  },
  ...[
    { model: "DashboardRequestStatistics", run: getRequestStatistics, reply: statistics },
    { model: "RequestStateCounts", run: getRequestStateCounts, reply: [] },
    { model: "DashboardUnreadNotes", run: getUnreadNotes, reply: [] },
    { model: "DashboardAnnouncements", run: getAnnouncements, reply: [] },
    { model: "AgencyGroupCommission", run: getCommissionGroups, reply: { title: "", groups: [] } },
  ].map(({ model, run, reply }) => ({
    name: `GET /api/DashboardClient as ${model}`,
    run: () => run(ctx),
    reply,
    token: true,
    accept: json(model),
  })),
  {
    name: "GET /api/AccommodationPackageClient as AccommodationPackageData",
    run: () => getPackages(ctx),
    reply: [],
    token: true,
    accept: json("AccommodationPackageData"),
  },
  {
    name: "GET /api/AccommodationPackageClient as RecentlyUpdatedHotels",
    run: () => getRecentlyUpdatedHotels(ctx),
    reply: [],
    token: true,
    accept: json("RecentlyUpdatedHotels"),
  },
  {
    name: "POST /api/AccommodationPackageClient (download log, 204)",
    run: () => logPackageDownload(ctx, 2),
    reply: null,
    token: true,
    accept: "application/json",
    contentType: json("PackageDownloadLog"),
  },
  {
    name: "GET /api/AccommodationPackageClient?accommodationPackageId (a file)",
    run: () => downloadPackagePriceList(ctx, { accommodationPackageId: 2, partyId: 42 }),
    reply: "%PDF-",
    token: true,
    accept: "*/*",
  },
  {
    name: "GET /api/Pictures (no model)",
    run: () => getPictures(ctx, 2),
    reply: [],
    token: true,
    accept: "application/json",
  },
  {
    name: "GET /PublicFiles/{name} (public: no token)",
    run: () => getPublicFile(ctx, "kish island 2026.svg"),
    reply: "<svg/>",
    token: false,
    accept: "*/*",
  },
  {
    name: "GET /api/accommodationPropertyClient (package hotels)",
    run: () => getPackageHotels(ctx, { hotelPlace: "Dubai" }),
    reply: [],
    token: true,
    accept: "application/json",
  },
  {
    name: "GET /api/AccommodationPropertyClient/{id} (room types)",
    run: () => getHotelRoomTypes(ctx, 1004).catch(() => null),
    reply: {},
    token: true,
    accept: "application/json",
  },
  {
    name: "GET /api/AirLineInfo",
    run: () => getAirlines(ctx),
    reply: [],
    token: true,
    accept: "application/json",
  },
  {
    name: "GET {GEO_API_URL}/airports (a third party: no token)",
    run: () => findAirports(ctx, "ist"),
    reply: [],
    token: false,
    accept: "application/json",
  },
  {
    name: "GET {GEO_API_URL}/locations (a third party: no token)",
    run: () => findLocations(ctx, "ista"),
    reply: [],
    token: false,
    accept: "application/json",
  },
  {
    name: "GET {AIRLINE_API_URL}/airlines (a third party: no token)",
    run: () => findAirlines(ctx, "qr"),
    reply: [],
    token: false,
    accept: "application/json",
  },
  {
    name: "POST /api/AccommodationReserveRequestClient as AccommodationReserveRequest (prices)",
    run: () =>
      validatePrices(ctx, {
        AccommodationPropertyId: 1004,
        AccommodationPackageId: 2,
        CheckInDate: "2026-12-09",
        CheckOutDate: "2026-12-12",
        ReserveRoomRequests: [],
      }).catch(() => null),
    reply: {},
    token: true,
    accept: "application/json",
    contentType: json("AccommodationReserveRequest"),
  },
  {
    name: "POST /api/AccommodationReserveRequestClient as ReserveRequestPayload (submit)",
    run: () => submitReserveRequest(ctx, {} as Parameters<typeof submitReserveRequest>[1], "key-1"),
    reply: { Id: 1, RequestNumber: "HR-1" },
    token: true,
    accept: "application/json",
    contentType: json("ReserveRequestPayload"),
  },
  {
    name: "GET /api/AccommodationReserveRequestClient (grid)",
    run: () => getRequestGrid(ctx, { Page: 1, PageSize: 10 }),
    reply: { Items: [], TotalCount: 0 },
    token: true,
    accept: json("ReserveRequestGrid"),
  },
  {
    name: "GET /api/AccommodationReserveRequestClient (states)",
    run: () => getRequestStates(ctx),
    reply: [],
    token: true,
    accept: json("ReserveRequestStates"),
  },
  {
    name: "GET /api/AccommodationReserveRequestClient/{id} (summary)",
    run: () => getRequestSummary(ctx, 7001).catch(() => null),
    reply: {},
    token: true,
    accept: json("ReserveRequestSummary"),
  },
  {
    name: "GET /api/AccommodationReserveRequestClient?reserveRequestId= (permissions)",
    run: () => getRequestPermissions(ctx, 7001).catch(() => null),
    reply: {},
    token: true,
    accept: json("ReserveRequestPermissions"),
  },
  {
    name: "GET /api/AccommodationReserveRequestClient?accommodationReserveRequestId= (notes)",
    run: () => getNotes(ctx, 7001),
    reply: [],
    token: true,
    accept: json("ReserveNoteList"),
  },
  {
    name: "PUT /api/AccommodationReserveRequestClient/{id} (notes read)",
    run: () => markNotesRead(ctx, 7001),
    reply: null,
    token: true,
    accept: "application/json",
  },
  {
    name: "PUT /api/AccommodationReserveRequestClient (note)",
    run: () => sendNote(ctx, 7001, "Hello"),
    reply: {
      Id: 1,
      Content: "Hello",
      CreateDateTime: "2026-03-02T10:00:00",
      CreatorUserName: "demo",
      IsBroker: false,
      IsRead: true,
    },
    token: true,
    accept: "application/json",
    contentType: json("CreateReserveNoteData"),
  },
  {
    name: "PUT /api/AccommodationReserveRequestClient (dates)",
    run: () =>
      changeRequestDates(ctx, { Id: 7001, CheckInDate: "2026-12-01", CheckOutDate: "2026-12-03" }),
    reply: null,
    token: true,
    accept: "application/json",
    contentType: json("ReserveRequestDates"),
  },
  {
    name: "PUT /api/AccommodationReserveRequestClient (rooms)",
    run: () => changeRequestRooms(ctx, { Id: 7001, ReserveRoomRequests: [] }),
    reply: null,
    token: true,
    accept: "application/json",
    contentType: json("ReserveRequestRooms"),
  },
  {
    name: "PUT /api/AccommodationReserveRequestClient (transportation)",
    run: () =>
      changeRequestTransportation(ctx, {
        Id: 7001,
        TransportationInfo: {} as Parameters<
          typeof changeRequestTransportation
        >[1]["TransportationInfo"],
      }),
    reply: null,
    token: true,
    accept: "application/json",
    contentType: json("ReserveRequestTransportation"),
  },
  {
    name: "GET /api/Client as CurrencyData (no token)",
    run: () => getCurrencies(ctx),
    reply: [],
    token: false,
    accept: json("CurrencyData"),
  },
  {
    name: "GET /api/Client as BankData (no token)",
    run: () => getBanks(ctx),
    reply: [],
    token: false,
    accept: json("BankData"),
  },
  {
    name: "GET /api/OrderClient (grid)",
    run: () => getOrderGrid(ctx, { Page: 1, PageSize: 10 }),
    reply: { Items: [], TotalCount: 0 },
    token: true,
    accept: json("OrderGrid"),
  },
  {
    name: "GET /api/OrderClient/{id}",
    run: () => getOrder(ctx, 3001).catch(() => null),
    reply: {},
    token: true,
    accept: json("OrderDetails"),
  },
  {
    name: "GET /api/AccountingReportClient/{id} (a file)",
    run: () => downloadAccountingReport(ctx, 3001),
    reply: "%PDF-",
    token: true,
    accept: "*/*",
  },
  {
    name: "GET /api/AccountingReportClient (statement)",
    run: () => getStatement(ctx, { Page: 1, PageSize: 10 }).catch(() => null),
    reply: {},
    token: true,
    accept: json("AgencyStatement"),
  },
  {
    name: "GET /api/PaymentClient (list)",
    run: () => getPayments(ctx, { PaymentType: "Cash", Page: 1, PageSize: 10 }),
    reply: { Items: [], TotalCount: 0 },
    token: true,
    accept: json("PaymentList"),
  },
  {
    name: "GET /api/PaymentClient?orderId=",
    run: () => getOrderPayments(ctx, 3001),
    reply: [],
    token: true,
    accept: json("OrderPayments"),
  },
  {
    name: "GET /api/ReceiptPaymentTypeClient/",
    run: () => getReceiptPaymentTypes(ctx),
    reply: [],
    token: true,
    accept: "application/json",
  },
  {
    name: "POST /api/UploadPublicFiles (multipart)",
    run: () => uploadReceiptFile(ctx, new File(["%PDF-"], "r.pdf", { type: "application/pdf" })),
    reply: ["receipt-1.pdf"],
    token: true,
    accept: "application/json",
    contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
  },
  {
    name: "POST /api/PaymentClient as ReceiptPayment",
    run: () => submitReceipt(ctx, {} as Parameters<typeof submitReceipt>[1]),
    reply: { Id: 1 },
    token: true,
    accept: "application/json",
    contentType: json("ReceiptPayment"),
  },
  {
    name: "GET /api/OrderTicketClient?orderId=",
    run: () => getTickets(ctx, 3001),
    reply: [],
    token: true,
    accept: json("OrderTicketList"),
  },
  {
    name: "GET /api/OrderTicketClient/{id}",
    run: () => getTicket(ctx, 15001).catch(() => null),
    reply: {},
    token: true,
    accept: json("OrderTicket"),
  },
  {
    name: "POST /api/OrderTicketClient as CreateOrderTicket",
    run: () => openTicket(ctx, { OrderId: 3001, TicketCategory: 1, Subject: "S", Content: "C" }),
    reply: { Id: 1 },
    token: true,
    accept: "application/json",
    contentType: json("CreateOrderTicket"),
  },
  {
    name: "POST /api/OrderTicketClient as OrderTicketReply",
    run: () => replyToTicket(ctx, { ParentId: 1, Content: "C" }),
    reply: { Id: 2 },
    token: true,
    accept: "application/json",
    contentType: json("OrderTicketReply"),
  },
  {
    name: "DELETE /api/AccommodationReserveRequestClient/{id}",
    run: () => deleteRequest(ctx, 7001),
    reply: null,
    token: true,
    accept: "application/json",
  },
];

describe("what every call sends", () => {
  test.each(calls)("$name", async ({ run, reply, token, accept, contentType }) => {
    let seen: Headers | undefined;
    server.use(
      http.all("http://localhost/*", ({ request }) => {
        seen = request.headers;
        if (reply === null) return new HttpResponse(null, { status: 204 });
        return typeof reply === "string" ? new HttpResponse(reply) : HttpResponse.json(reply);
      }),
    );
    await run();
    expect(seen?.get("Authorization") ?? null).toBe(token ? "Bearer the-token" : null);
    expect(seen?.get("Accept")).toBe(accept);
    expect(seen?.get("Content-Type") ?? undefined).toEqual(contentType);
    // Every call, with or without the token, names the portal's request so both logs can be matched.
    expect(seen?.get("X-Request-Id")).toBe("req-12345678");
  });
});
