import Ajv2020 from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { domainModelOf } from "../../../sandbox/api/common";
import { setupSandbox } from "../../../sandbox/node";
import { DEMO_USER } from "../../../sandbox/seed";
import { getAgencyInfo, registerAgency, updateAgencyInfo } from "./agency.server";
import { findAirlines, getAirlines } from "./airlines.server";
import { providerCalls } from "./calls.server";
import { getBanks, getCurrencies, getProfileSummary } from "./client.server";
import {
  getAnnouncements,
  getCommissionGroups,
  getRequestStateCounts,
  getRequestStatistics,
  getUnreadNotes,
} from "./dashboard.server";
import { findAirports, findLocations } from "./geo.server";
import { getHotelRoomTypes, getPackageHotels } from "./hotels.server";
import { buildProviderOpenApi, type ContractExamples } from "./openapi.server";
import { downloadAccountingReport, getOrder, getOrderGrid, getStatement } from "./orders.server";
import {
  downloadPackagePriceList,
  getPackages,
  getRecentlyUpdatedHotels,
  logPackageDownload,
} from "./packages.server";
import {
  getOrderPayments,
  getPayments,
  getReceiptFile,
  getReceiptPaymentTypes,
  submitReceipt,
  uploadReceiptFile,
} from "./payments.server";
import { getPictures, getPublicFile } from "./pictures.server";
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
  type FlightPayload,
  type ReserveRequestPayload,
} from "./reserve-requests.server";
import { getTicket, getTickets, openTicket, replyToTicket } from "./tickets.server";
import { requestToken } from "./token.server";
import { changePassword } from "./users.server";

/**
 * The contract document against both sides of the wire. Every call the portal declares is made
 * by its own client function against a reset sandbox, reads and writes; each request must be one
 * the document allows (path, query, headers, body) and each sandbox answer one it describes
 * (status, media type, schema), checked by a standard JSON Schema validator, not by the zod
 * schemas the document came from. The answers become the document's examples, and the document
 * written from them must be the one committed (`npm run docs:api` writes it anew).
 */

// The demo data is dated from "today": a fixed day keeps the examples the same from run to run.
const CONTRACT_DAY = new Date("2026-03-02T06:30:00Z");

type Exchange = {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  status: number;
  contentType: string | null;
  answer: string;
};

const { server, store } = setupSandbox();
const exchanges: Array<Promise<Exchange>> = [];

beforeAll(() => {
  vi.useFakeTimers({ now: CONTRACT_DAY, toFake: ["Date"] });
  store.reset();
  server.listen({ onUnhandledRequest: "error" });
  // The body is read as the request starts: the sandbox has consumed it by the time it answers.
  const bodies = new Map<string, Promise<string>>();
  server.events.on("request:start", ({ request, requestId }) => {
    bodies.set(requestId, request.clone().text());
  });
  server.events.on("response:mocked", ({ request, requestId, response }) => {
    exchanges.push(
      (async () => ({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: await bodies.get(requestId)!,
        status: response.status,
        contentType: response.headers.get("Content-Type"),
        answer: await response.clone().text(),
      }))(),
    );
  });
});
afterAll(() => {
  server.close();
  vi.useRealTimers();
});

const anonymous: ProviderContext = { requestId: "contract-test-0001" };

/** Every call, as the portal makes them in a clerk's day; ids come from the answers before. */
async function aClerksDay() {
  const token = await requestToken(anonymous, {
    ...DEMO_USER_CREDENTIALS,
    requestReference: "r-1",
  });
  const ctx: ProviderContext = { ...anonymous, token };

  await registerAgency(anonymous, {
    AgencyName: "Contract Travel",
    ManagerFirstName: "Sara",
    ManagerLastName: "Karimi",
    PhoneNumber: "+98 21 5555 0101",
    Email: "sara@contract-travel.example",
    CountryCode: "IR",
    City: "Tehran",
    Address: "Vanak Square 7",
    UserName: "contract-travel",
    Password: "Contract123",
  });
  const agency = await getAgencyInfo(ctx);
  await updateAgencyInfo(ctx, agency);
  await Promise.all([getProfileSummary(ctx), getCurrencies(ctx), getBanks(ctx)]);
  await Promise.all([
    getRequestStatistics(ctx),
    getRequestStateCounts(ctx),
    getUnreadNotes(ctx),
    getAnnouncements(ctx),
    getCommissionGroups(ctx),
  ]);
  const [picture] = await getPictures(ctx, 2);
  await (await getPublicFile(ctx, picture.fileName)).arrayBuffer();

  const [pkg] = await getPackages(ctx);
  await getRecentlyUpdatedHotels(ctx);
  await logPackageDownload(ctx, pkg.accommodationPackageId);
  await (await downloadPackagePriceList(ctx, pkg)).arrayBuffer();

  const [hotel] = await getPackageHotels(ctx, {
    accommodationPackageId: pkg.accommodationPackageId,
  });
  const { roomTypes } = await getHotelRoomTypes(ctx, hotel.accommodationPropertyId);
  const [airline] = await getAirlines(ctx);
  await findAirlines(ctx, "Turkish");
  const [origin] = await findAirports(ctx, "IKA");
  const [destination] = await findAirports(ctx, "KIH");
  await findLocations(ctx, "Kish");

  const checkIn = day(hotel.availableSince, 14);
  const checkOut = day(checkIn, 3);
  const room = {
    RoomType: roomTypes[0].typeId,
    HasChildNoBed: false,
    HasChildWithBed: false,
    HasExtraBed: false,
  };
  await validatePrices(ctx, {
    AccommodationPropertyId: hotel.accommodationPropertyId,
    AccommodationPackageId: hotel.accommodationPackageId,
    CheckInDate: checkIn,
    CheckOutDate: checkOut,
    ReserveRoomRequests: [room],
  });
  const flight = (date: string, from: typeof origin, to: typeof origin): FlightPayload => ({
    Airline: { Iata: airline.iata, Name: airline.name, LatinName: airline.latinName },
    FlightNumber: `${airline.iata}4521`,
    DepartureDateTime: `${date}T08:30:00`,
    ArrivalDateTime: `${date}T10:10:00`,
    Origin: { Iata: from.iata, Title: from.title },
    Destination: { Iata: to.iata, Title: to.title },
    FlightDuration: "01:40",
  });
  const rooms: ReserveRequestPayload["ReserveRoomRequests"] = [
    {
      ...room,
      RoomView: roomTypes[0].roomView,
      RoomService: roomTypes[0].roomService,
      Passengers: [
        {
          FirstName: "Reza",
          LastName: "Ahmadi",
          Birthday: "1984-05-17",
          Gender: "Male",
          NationalityCountryCode: "IR",
          PassportNumber: "P51234567",
          HotelPassengerType: 1,
          MainGuest: true,
        },
      ],
    },
  ];
  const transportation = {
    OriginFlight: flight(checkIn, origin, destination),
    DestinationFlight: flight(checkOut, destination, origin),
  };
  const submitted = await submitReserveRequest(
    ctx,
    {
      AgencyRef: "CT-0042",
      AccommodationPropertyId: hotel.accommodationPropertyId,
      AccommodationPackageId: hotel.accommodationPackageId,
      PropertyId: hotel.hotelId,
      CheckInDate: checkIn,
      CheckOutDate: checkOut,
      NeedTransfer: true,
      Description: "Late arrival, after 22:00.",
      ReserveRoomRequests: rooms,
      TransportationInfo: transportation,
      ExtendedOrderId: null,
    },
    "contract-test-submit-1",
  );
  await getRequestGrid(ctx, { Page: 1, PageSize: 10, State: "New" });
  await getRequestStates(ctx);
  await getRequestSummary(ctx, submitted.Id);
  await getRequestPermissions(ctx, submitted.Id);
  await sendNote(ctx, submitted.Id, "Could the room be on a high floor?");
  // A provider may answer a note or a reply with no body (the rules of the sandbox's provider).
  store.state.rules.emptyWriteAnswers = true;
  await sendNote(ctx, submitted.Id, "And a quiet one, please.");
  store.state.rules.emptyWriteAnswers = false;
  await getNotes(ctx, submitted.Id);
  await markNotesRead(ctx, submitted.Id);
  await changeRequestDates(ctx, {
    Id: submitted.Id,
    CheckInDate: day(checkIn, 1),
    CheckOutDate: day(checkOut, 1),
  });
  await changeRequestRooms(ctx, { Id: submitted.Id, ReserveRoomRequests: rooms });
  await changeRequestTransportation(ctx, { Id: submitted.Id, TransportationInfo: transportation });

  const orders = await getOrderGrid(ctx, { Page: 1, PageSize: 10 });
  const order = await getOrder(ctx, orders.Items[0].Id);
  await (await downloadAccountingReport(ctx, order.Id)).arrayBuffer();
  await getStatement(ctx, { Page: 1, PageSize: 10 });
  await getPayments(ctx, { PaymentType: "Receipt", Page: 1, PageSize: 10 });
  await getOrderPayments(ctx, order.Id);
  const [currencies, banks, receiptTypes] = await Promise.all([
    getCurrencies(ctx),
    getBanks(ctx),
    getReceiptPaymentTypes(ctx),
  ]);
  const stored = await uploadReceiptFile(
    ctx,
    new File([PNG], "receipt.png", { type: "image/png" }),
  );
  await (await getReceiptFile(ctx, stored)).arrayBuffer();
  await submitReceipt(ctx, {
    OrderId: order.Id,
    ReceiptNumber: "TR-884120",
    PaymentDateTime: `${day(CONTRACT_DAY.toISOString().slice(0, 10), -1)}T11:20:00`,
    ReceiptPaymentType: receiptTypes[0].Id,
    SendersName: "Contract Travel",
    File: stored,
    SourceAmount: 250,
    Description: "Part payment",
    SourceCurrencyId: currencies.find((currency) => currency.Code === order.Currency)!.Id,
    BankId: banks[0].Id,
  });
  await getTickets(ctx, order.Id);
  const ticket = await openTicket(ctx, {
    OrderId: order.Id,
    TicketCategory: 1,
    Subject: "A cot in the first room?",
    Content: "The guests travel with a baby.",
  });
  await replyToTicket(ctx, { ParentId: ticket.Id, Content: "They arrive on Friday." });
  store.state.rules.emptyWriteAnswers = true;
  await replyToTicket(ctx, { ParentId: ticket.Id, Content: "Late on Friday." });
  store.state.rules.emptyWriteAnswers = false;
  await getTicket(ctx, ticket.Id);

  await deleteRequest(ctx, submitted.Id);
  // Refused: a wrong current password (400, with the provider's message), then the right one.
  await expect(
    changePassword(ctx, {
      CurrentPassword: "not-the-password",
      NewPassword: "Demo5678",
      ConfirmPassword: "Demo5678",
    }),
  ).rejects.toMatchObject({ status: 400 });
  await changePassword(ctx, {
    CurrentPassword: DEMO_USER.password,
    NewPassword: "Demo5678",
    ConfirmPassword: "Demo5678",
  });
  // The token of a user whose password changed is refused (401).
  await expect(getProfileSummary(ctx)).rejects.toMatchObject({ status: 401 });
}

const DEMO_USER_CREDENTIALS = { username: DEMO_USER.userName, password: DEMO_USER.password };
// A 1×1 PNG: the sandbox checks a receipt's file by its first bytes.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function day(from: string, days: number) {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe("the provider contract (docs/provider-api.openapi.json)", () => {
  const document = buildProviderOpenApi();
  const validate = contractValidator(document);
  let seen: Array<{ operation: string; exchange: Exchange }> = [];

  beforeAll(async () => {
    await aClerksDay();
    seen = (await Promise.all(exchanges)).map((exchange) => ({
      operation: operationOf(exchange),
      exchange,
    }));
  });

  test("every call the portal declares is made", () => {
    const made = new Set(seen.map(({ operation }) => operation));
    expect(providerCalls.map((call) => call.operation).filter((name) => !made.has(name))).toEqual(
      [],
    );
  });

  test("each request the portal sends is one the document allows", () => {
    const problems = seen.flatMap(({ operation, exchange }) =>
      validate.request(exchange).map((problem) => `${operation}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  test("each answer of the sandbox is one the document describes", () => {
    const problems = seen.flatMap(({ operation, exchange }) =>
      validate.answer(exchange).map((problem) => `${operation}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  test("the committed document is the one the code writes", async () => {
    const examples: ContractExamples = {};
    for (const { operation, exchange } of seen.filter(({ exchange }) => exchange.status < 300)) {
      examples[operation] ??= stableExample(operation, {
        body: readBody(exchange),
        answer: exchange.contentType?.startsWith("application/json")
          ? JSON.parse(exchange.answer)
          : undefined,
      });
    }
    await expect(
      `${JSON.stringify(buildProviderOpenApi(examples), null, 2)}\n`,
    ).toMatchFileSnapshot("../../../docs/provider-api.openapi.json");
  });
});

/** The declared call an exchange is: by service, method, path and the models it names. */
function operationOf(exchange: Exchange) {
  const model = (header: string | null) => /domain-model=([\w]+)/.exec(header ?? "")?.[1];
  const accept = model(exchange.headers.get("Accept"));
  const body = model(exchange.headers.get("Content-Type"));
  const call = providerCalls.find(
    (candidate) =>
      (candidate.method ?? "GET") === exchange.method &&
      pathPattern(candidate.service, candidate.path).test(exchange.url.pathname) &&
      candidate.responseModel === accept &&
      (candidate.body && "model" in candidate.body ? candidate.body.model : undefined) === body,
  );
  if (!call) throw new Error(`${exchange.method} ${exchange.url.pathname} is no declared call`);
  return call.operation;
}

const SERVICE_PREFIX = { provider: "", geo: "/geo", airlineService: "/airline-service" };

type Service = keyof typeof SERVICE_PREFIX;

/** A path template as a pattern of the sandbox's paths, each `{name}` captured. */
function pathPattern(service: Service = "provider", path: string) {
  const template = `${SERVICE_PREFIX[service]}${path}`.replace(/\{\w+\}/g, "([^/]+)");
  return new RegExp(`^${template}$`);
}

function readBody(exchange: Exchange): unknown {
  const type = exchange.headers.get("Content-Type") ?? "";
  if (type.startsWith("application/json")) return JSON.parse(exchange.body);
  if (type.startsWith("application/x-www-form-urlencoded"))
    return Object.fromEntries(new URLSearchParams(exchange.body));
  return undefined;
}

/** What differs from run to run is given a fixed stand-in: a password, a token, a stored name. */
function stableExample(operation: string, example: { body?: unknown; answer?: unknown }) {
  if (operation === "token.requestToken")
    return {
      body: { grant_type: "password", username: "demo", password: "Demo1234" },
      answer: { ...(example.answer as object), access_token: "q3H0sVxkT1hYb2y9Zk8mYl0a5cWQ2e7R" },
    };
  if (operation === "payments.uploadReceiptFile")
    return { answer: ["receipt-3f0c9a4e-8d1b-4c52-9a7e-2b6d0f4e1c88.png"] };
  if (operation === "payments.submitReceipt")
    return {
      ...example,
      body: {
        ...(example.body as object),
        File: "receipt-3f0c9a4e-8d1b-4c52-9a7e-2b6d0f4e1c88.png",
      },
    };
  return example;
}

type Document = ReturnType<typeof buildProviderOpenApi>;
type Parameter = { name: string; in: string; required?: boolean; schema?: object };
type Operation = {
  security?: Array<Record<string, string[]>>;
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: object }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: object }> }>;
};

/** A media type without its parameters (`application/json; domain-model=X` is `application/json`). */
const mediaTypeOf = (type: string) => type.split(";")[0].trim().toLowerCase();

/** Checks exchanges against the document with Ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect). */
function contractValidator(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: false });
  const coercing = new Ajv2020({ strict: false, allErrors: true, coerceTypes: true });
  const components = JSON.parse(
    JSON.stringify({ $id: "contract", components: document.components }),
  );
  ajv.addSchema(components);
  coercing.addSchema(components);
  const check = (validator: Ajv2020, schema: object, value: unknown) => {
    const withRefs = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/', '"contract#/components/'),
    );
    const validate = validator.compile(withRefs);
    return validate(value)
      ? []
      : (validate.errors ?? []).map(
          (error) =>
            `${error.instancePath || "(whole)"} ${error.message} ${JSON.stringify(error.params)}`,
        );
  };

  function find(exchange: Exchange) {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      const operation = (item as Record<string, Operation & { servers?: Array<{ url: string }> }>)[
        exchange.method.toLowerCase()
      ];
      if (!operation) continue;
      const service: Service = operation.servers?.[0]?.url.includes("GEO")
        ? "geo"
        : operation.servers?.[0]?.url.includes("AIRLINE")
          ? "airlineService"
          : "provider";
      if (pathPattern(service, path).test(exchange.url.pathname))
        return { path, operation, service };
    }
    throw new Error(`${exchange.method} ${exchange.url.pathname} is not in the document`);
  }

  function parameters(operation: Operation): Parameter[] {
    return (operation.parameters ?? []).map((parameter) =>
      "$ref" in parameter
        ? (document.components!.parameters![parameter.$ref.split("/").at(-1)!] as Parameter)
        : parameter,
    );
  }

  return {
    request(exchange: Exchange): string[] {
      const { path, operation, service } = find(exchange);
      const problems: string[] = [];
      const declared = parameters(operation);
      const values: Record<string, Record<string, string>> = { path: {}, query: {}, header: {} };
      const names = path.match(/\{(\w+)\}/g)?.map((name) => name.slice(1, -1)) ?? [];
      const pathValues = pathPattern(service, path).exec(exchange.url.pathname)?.slice(1);
      names.forEach(
        (name, index) => (values.path[name] = decodeURIComponent(pathValues?.[index] ?? "")),
      );
      exchange.url.searchParams.forEach((value, name) => (values.query[name] = value));
      for (const parameter of declared.filter((parameter) => parameter.in === "header")) {
        const value = exchange.headers.get(parameter.name);
        if (value !== null) values.header[parameter.name] = value;
      }
      for (const where of ["path", "query", "header"] as const) {
        const here = declared.filter((parameter) => parameter.in === where);
        const schema = {
          type: "object",
          properties: Object.fromEntries(
            here.map((parameter) => [parameter.name, parameter.schema ?? {}]),
          ),
          required: here
            .filter((parameter) => parameter.required)
            .map((parameter) => parameter.name),
          additionalProperties: where === "header",
        };
        problems.push(
          ...check(coercing, schema, values[where]).map((problem) => `${where} ${problem}`),
        );
      }
      // The token goes where the document's security asks for it, and nowhere else.
      const token = exchange.headers.has("Authorization");
      const security = operation.security ?? [];
      if (!token && security.length && security.every((scheme) => Object.keys(scheme).length))
        problems.push("sends no token where the document asks for one");
      if (token && !security.length) problems.push("sends the token where the document has none");
      const type = exchange.headers.get("Content-Type");
      if (!operation.requestBody) {
        if (exchange.body) problems.push("sends a body the document has none for");
        return problems;
      }
      if (!type) {
        if (operation.requestBody.required) problems.push("sends no body");
        return problems;
      }
      const mediaType = Object.keys(operation.requestBody.content).find(
        (declaredType) => declaredType === type || type.startsWith(`${declaredType};`),
      );
      if (!mediaType) return [...problems, `a body of ${type}, which the document does not list`];
      const body = readBody(exchange);
      if (body !== undefined)
        problems.push(
          ...check(ajv, operation.requestBody.content[mediaType].schema, body).map(
            (p) => `body ${p}`,
          ),
        );
      return problems;
    },

    answer(exchange: Exchange): string[] {
      const { operation } = find(exchange);
      const listed = operation.responses[String(exchange.status)];
      if (!listed) return [`answered ${exchange.status}, which the document does not list`];
      const response = (
        listed.$ref ? document.components!.responses![listed.$ref.split("/").at(-1)!] : listed
      ) as Operation["responses"][string];
      if (!response.content)
        return exchange.answer ? ["answered a body where the document has none"] : [];
      // A file; or an error's body that is not read, if any.
      if (response.content["*/*"])
        return exchange.status < 300 && !exchange.answer ? ["answered no file"] : [];
      // A success is described for the model the request asked for; an error by its own type.
      const accept = exchange.headers.get("Accept") ?? "";
      const answered = exchange.contentType ?? "";
      const described = exchange.status < 300 ? accept : mediaTypeOf(answered);
      const content = response.content[described];
      if (!content) return [`no answer of ${described} is described for ${exchange.status}`];
      if (mediaTypeOf(answered) !== mediaTypeOf(described))
        return [`answered ${answered}, where the document says ${described}`];
      const model = domainModelOf(answered);
      if (model && model !== domainModelOf(described))
        return [`answered the model ${model}, where the document says ${described}`];
      if (mediaTypeOf(answered) !== "application/json") return [];
      return check(ajv, content.schema, JSON.parse(exchange.answer)).map(
        (problem) => `answer ${problem}`,
      );
    },
  };
}
