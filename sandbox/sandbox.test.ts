import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { CallLog } from "./call-log";
import { SANDBOX_ORIGIN } from "./handlers";
import { setupSandbox } from "./node";
import { DEMO_USER, OTHER_AGENCY_USER } from "./seed";
import { SandboxStore } from "./store";

const { server, store } = setupSandbox();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => store.reset());
afterAll(() => server.close());

const url = (path: string) => `${SANDBOX_ORIGIN}${path}`;
const json = (model: string) => `application/json; domain-model=${model}`;

async function token(user: { userName: string; password: string } = DEMO_USER) {
  const response = await fetch(url("/token"), {
    method: "POST",
    headers: { "X-Request-Reference": "test" },
    body: new URLSearchParams({
      grant_type: "password",
      username: user.userName,
      password: user.password,
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

describe("sandbox: tokens", () => {
  test("missing, forged and expired tokens are refused with 401", async () => {
    const profile = (authorization?: string) =>
      fetch(url("/api/Client"), {
        headers: {
          Accept: json("UserProfileData"),
          ...(authorization ? { Authorization: authorization } : {}),
        },
      });
    expect((await profile()).status).toBe(401);
    expect((await profile("Bearer forged")).status).toBe(401);
    const issued = await token();
    expect((await profile(`Bearer ${issued}`)).status).toBe(200);
    store.state.tokens.forEach((entry) => (entry.expiresAt = new Date(0).toISOString()));
    expect((await profile(`Bearer ${issued}`)).status).toBe(401);
  });

  test("the request-reference header is required to sign in", async () => {
    const response = await fetch(url("/token"), {
      method: "POST",
      body: new URLSearchParams({ grant_type: "password", username: "demo", password: "Demo1234" }),
    });
    expect(response.status).toBe(400);
  });
});

describe("sandbox: bodies", () => {
  test("a body in the wrong domain model, or with a bad field, gets a 400 with a message", async () => {
    const authorization = `Bearer ${await token()}`;
    const wrongModel = await fetch(url("/api/Users"), {
      method: "PUT",
      headers: { Authorization: authorization, "Content-Type": "application/json" },
      body: JSON.stringify({
        CurrentPassword: "Demo1234",
        NewPassword: "Better2026",
        ConfirmPassword: "Better2026",
      }),
    });
    expect(wrongModel.status).toBe(400);
    expect(await wrongModel.json()).toEqual({
      Message: expect.stringContaining("CurrentUserChangePasswordDto"),
    });

    const weak = await fetch(url("/api/Users"), {
      method: "PUT",
      headers: {
        Authorization: authorization,
        "Content-Type": json("CurrentUserChangePasswordDto"),
      },
      body: JSON.stringify({
        CurrentPassword: "Demo1234",
        NewPassword: "weak",
        ConfirmPassword: "weak",
      }),
    });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({ Message: expect.stringContaining("NewPassword") });
  });
});

describe("sandbox: price validation", () => {
  const hotelWith = (predicate: (rules: Record<string, boolean>) => boolean) => {
    const hotel = store.state.hotels.find(
      (entry) => !entry.isInActive && entry.roomTypes.some((room) => predicate(room.rules)),
    )!;
    return { hotel, roomType: hotel.roomTypes.find((room) => predicate(room.rules))! };
  };
  const validate = async (body: unknown) =>
    fetch(url("/api/AccommodationReserveRequestClient"), {
      method: "POST",
      headers: {
        Authorization: `Bearer ${await token()}`,
        "Content-Type": json("AccommodationReserveRequest"),
      },
      body: JSON.stringify(body),
    });
  const inDays = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  test("prices a stay from the hotel's own room prices", async () => {
    const { hotel, roomType } = hotelWith((rules) => rules.extraBedIsAllowed);
    const response = await validate({
      AccommodationPropertyId: hotel.accommodationPropertyId,
      AccommodationPackageId: hotel.accommodationPackageId,
      CheckInDate: inDays(3),
      CheckOutDate: inDays(6),
      ReserveRoomRequests: [
        {
          RoomType: roomType.typeId,
          HasChildNoBed: false,
          HasChildWithBed: false,
          HasExtraBed: true,
        },
      ],
    });
    expect(response.status).toBe(200);
    const priced = (await response.json()) as {
      rooms: Array<{ nights: number; stayTotalPrice: number; extraChargesTotalPrice: number }>;
      totalPrice: number;
    };
    expect(priced.rooms[0].nights).toBe(3);
    // Three nights in the first price period, which starts at the base price.
    expect(priced.rooms[0].stayTotalPrice).toBe(3 * roomType.roomPrices[0].price);
    expect(priced.rooms[0].extraChargesTotalPrice).toBe(3 * roomType.prices.extraBedPrice);
    expect(priced.totalPrice).toBe(
      priced.rooms[0].stayTotalPrice + priced.rooms[0].extraChargesTotalPrice,
    );
  });

  test("refuses an extra the room type does not allow", async () => {
    const { hotel, roomType } = hotelWith((rules) => !rules.childNoBedIsAllowed);
    const response = await validate({
      AccommodationPropertyId: hotel.accommodationPropertyId,
      AccommodationPackageId: hotel.accommodationPackageId,
      CheckInDate: inDays(3),
      CheckOutDate: inDays(5),
      ReserveRoomRequests: [
        {
          RoomType: roomType.typeId,
          HasChildNoBed: true,
          HasChildWithBed: false,
          HasExtraBed: false,
        },
      ],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      Message: expect.stringContaining("child without bed is not allowed"),
    });
  });
});

describe("sandbox: persistence", () => {
  test("state survives a restart through its data file, and reset brings back the seed", () => {
    const folder = mkdtempSync(join(tmpdir(), "sandbox-"));
    const file = join(folder, "state.json");
    try {
      const first = new SandboxStore(file);
      first.state.agencies[0].name = "Renamed Travel";
      first.save();
      expect(new SandboxStore(file).state.agencies[0].name).toBe("Renamed Travel");
      first.reset();
      expect(new SandboxStore(file).state.agencies[0].name).toBe("Parsian Travel");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test("the seed covers every rule combination and every request state", () => {
    const combos = new Set(
      store.state.hotels.flatMap((hotel) =>
        hotel.roomTypes.map((room) => JSON.stringify(room.rules)),
      ),
    );
    expect(combos.size).toBe(10);
    expect(new Set(store.state.requests.map((request) => request.state)).size).toBe(10);
    expect(
      new Set(store.state.hotels.map((hotel) => hotel.hotelPlace)).size,
    ).toBeGreaterThanOrEqual(3);
  });
});

describe("sandbox: answer models", () => {
  test("asking a call for a model it does not answer gets 406; no model or its own is fine", async () => {
    const authorization = `Bearer ${await token()}`;
    const changePassword = (accept: string) =>
      fetch(url("/api/Users"), {
        method: "PUT",
        headers: {
          Authorization: authorization,
          Accept: accept,
          "Content-Type": json("CurrentUserChangePasswordDto"),
        },
        body: JSON.stringify({
          CurrentPassword: DEMO_USER.password,
          NewPassword: DEMO_USER.password,
          ConfirmPassword: DEMO_USER.password,
        }),
      });
    // A 204 has no model: the body's model on Accept is a mistake a strict provider refuses.
    expect((await changePassword(json("CurrentUserChangePasswordDto"))).status).toBe(406);
    const agency = await fetch(url("/api/AgencyClient"), {
      headers: { Authorization: authorization, Accept: json("AgencyWithUserDTO") },
    });
    expect(agency.status).toBe(200);
    expect((await changePassword("application/json")).status).toBe(204);
  });

  test("a password change refuses every token of the user from then on", async () => {
    const [mine, elsewhere] = [`Bearer ${await token()}`, `Bearer ${await token()}`];
    const other = `Bearer ${await token(OTHER_AGENCY_USER)}`;
    const changed = await fetch(url("/api/Users"), {
      method: "PUT",
      headers: {
        Authorization: mine,
        Accept: "application/json",
        "Content-Type": json("CurrentUserChangePasswordDto"),
      },
      body: JSON.stringify({
        CurrentPassword: DEMO_USER.password,
        NewPassword: "Better2026",
        ConfirmPassword: "Better2026",
      }),
    });
    expect(changed.status).toBe(204);
    const profile = (authorization: string) =>
      fetch(url("/api/Client"), {
        headers: { Authorization: authorization, Accept: json("UserProfileData") },
      }).then((response) => response.status);
    expect([await profile(mine), await profile(elsewhere), await profile(other)]).toEqual([
      401, 401, 200,
    ]);
    const renewed = `Bearer ${await token({ userName: DEMO_USER.userName, password: "Better2026" })}`;
    expect(await profile(renewed)).toBe(200);
  });
});

describe("sandbox: reservation requests", () => {
  const get = async (path: string, model: string) => {
    const response = await fetch(url(path), {
      headers: { Accept: json(model), Authorization: `Bearer ${await token()}` },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const put = async (model: string, body: unknown) =>
    fetch(url("/api/AccommodationReserveRequestClient"), {
      method: "PUT",
      headers: {
        "Content-Type": json(model),
        Accept: "application/json",
        Authorization: `Bearer ${await token()}`,
      },
      body: JSON.stringify(body),
    });

  test("the grid pages the agency's own requests, newest first, and filters them", async () => {
    const own = store.state.requests.filter((request) => request.agencyId === 1);
    const page = await get(
      "/api/AccommodationReserveRequestClient?Page=3&PageSize=10",
      "ReserveRequestGrid",
    );
    expect(page.body.TotalCount).toBe(own.length);
    expect((page.body.Items as unknown[]).length).toBe(own.length - 20);
    // Newest first: the order of creation, the later id first on the same moment.
    const all = await get(
      "/api/AccommodationReserveRequestClient?Page=1&PageSize=50",
      "ReserveRequestGrid",
    );
    const newestFirst = [...own]
      .sort((a, b) => b.createDateTime.localeCompare(a.createDateTime) || b.id - a.id)
      .map((request) => request.id);
    expect(new Set(own.map((request) => request.createDateTime)).size).toBeGreaterThan(1);
    expect((all.body.Items as Array<{ Id: number }>).map((item) => item.Id)).toEqual(newestFirst);
    const confirmed = await get(
      "/api/AccommodationReserveRequestClient?Page=1&PageSize=50&State=Confirmed",
      "ReserveRequestGrid",
    );
    expect(confirmed.body.TotalCount).toBe(own.filter((r) => r.state === "Confirmed").length);
    const badSize = await get(
      "/api/AccommodationReserveRequestClient?Page=1&PageSize=7",
      "ReserveRequestGrid",
    );
    expect(badSize.status).toBe(400);
  });

  test("another agency's request does not exist for the demo agency", async () => {
    const foreign = store.state.requests.find((request) => request.agencyId === 2)!;
    const answer = await get(
      `/api/AccommodationReserveRequestClient/${foreign.id}`,
      "ReserveRequestSummary",
    );
    expect(answer.status).toBe(404);
  });

  test("the pre-modify rules: no room change after PaymentPending, no note once Confirmed", async () => {
    const request = store.state.requests.find((r) => r.agencyId === 1 && r.state === "Confirmed")!;
    const permissions = await get(
      `/api/AccommodationReserveRequestClient?reserveRequestId=${request.id}`,
      "ReserveRequestPermissions",
    );
    expect(permissions.body).toMatchObject({
      Rooms: { Allowed: false },
      Dates: { Allowed: false },
      Transportation: { Allowed: true },
      Notes: { Allowed: false },
    });
    const note = await put("CreateReserveNoteData", { Id: request.id, Content: "Hi" });
    expect(note.status).toBe(400);
    const dates = await put("ReserveRequestDates", {
      Id: request.id,
      CheckInDate: request.checkIn,
      CheckOutDate: request.checkOut,
    });
    expect(dates.status).toBe(400);
  });

  test("a date change is priced again and the request goes back to be invoiced", async () => {
    const request = store.state.requests.find(
      (r) => r.agencyId === 1 && r.state === "PaymentPending",
    )!;
    const response = await put("ReserveRequestDates", {
      Id: request.id,
      CheckInDate: request.checkIn,
      CheckOutDate: new Date(Date.parse(request.checkOut) + 86_400_000).toISOString().slice(0, 10),
    });
    expect(response.status).toBe(204);
    const changed = store.state.requests.find((r) => r.id === request.id)!;
    expect(changed).toMatchObject({ state: "New", paymentDeadlineDateTime: null });
  });
});

describe("sandbox: orders", () => {
  test("an order's total leaves out its rejected, cancelled and refunded requests", async () => {
    const authorization = `Bearer ${await token()}`;
    const order = store.state.orders.find(
      (entry) => store.state.requests.filter((request) => request.orderId === entry.id).length > 1,
    )!;
    const read = async () =>
      (await (
        await fetch(url(`/api/OrderClient/${order.id}`), {
          headers: { Authorization: authorization, Accept: json("OrderDetails") },
        })
      ).json()) as {
        TotalAmount: number;
        RequestCount: number;
        Requests: Array<{ Id: number; TotalPrice: number }>;
      };
    const before = await read();
    const [cancelled] = store.state.requests.filter((request) => request.orderId === order.id);
    cancelled.state = "Cancelled";
    const after = await read();
    const itsPrice = before.Requests.find((request) => request.Id === cancelled.id)!.TotalPrice;
    expect(after.TotalAmount).toBeCloseTo(before.TotalAmount - itsPrice, 2);
    expect(after.RequestCount).toBe(before.RequestCount);
    expect(after.Requests).toHaveLength(before.Requests.length);
  });
});

describe("sandbox: payments and uploads", () => {
  const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const upload = async (bytes: Uint8Array<ArrayBuffer>, name = "r.png") => {
    const form = new FormData();
    form.append("file", new File([bytes], name, { type: "image/png" }));
    return fetch(url("/api/UploadPublicFiles"), {
      method: "POST",
      headers: { Authorization: `Bearer ${await token()}`, Accept: "application/json" },
      body: form,
    });
  };
  const receipt = async (orderId: number, file: string) =>
    fetch(url("/api/PaymentClient"), {
      method: "POST",
      headers: {
        Authorization: `Bearer ${await token()}`,
        Accept: "application/json",
        "Content-Type": json("ReceiptPayment"),
      },
      body: JSON.stringify({
        OrderId: orderId,
        ReceiptNumber: "RC-1",
        PaymentDateTime: "2026-11-20T10:30",
        ReceiptPaymentType: 1,
        SendersName: "Sara",
        File: file,
        SourceAmount: 100,
        Description: "",
        SourceCurrencyId: 3,
        BankId: null,
      }),
    });

  test("an upload is checked by its first bytes, stored under a name nobody can guess, and served back to its agency only", async () => {
    const refused = await upload(new TextEncoder().encode("MZ not a picture"));
    expect(refused.status).toBe(400);
    const bytes = new Uint8Array([...PNG_SIGNATURE, 1, 2, 3]);
    const stored = await upload(bytes);
    expect(stored.status).toBe(201);
    const [name] = (await stored.json()) as string[];
    expect(name).toMatch(/^receipt-[0-9a-f-]{36}\.png$/);
    const read = (as: string) =>
      fetch(url(`/api/UploadPublicFiles/${name}`), {
        headers: { Authorization: `Bearer ${as}`, Accept: "application/json" },
      });
    const served = await read(await token());
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect((await read(await token(OTHER_AGENCY_USER))).status).toBe(404);
    // Never a public file.
    expect((await fetch(url(`/PublicFiles/${name}`))).status).toBe(404);
  });

  test("a receipt is refused while the order has an unverified one, then accepted", async () => {
    const [name] = (await (await upload(new Uint8Array(PNG_SIGNATURE))).json()) as string[];
    const pending = store.state.payments.find(
      (payment) => payment.paymentType === "Receipt" && payment.state === "New",
    )!;
    const refused = await receipt(pending.orderId, name);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Contract has an unverified payment");
    pending.state = "Approved";
    const accepted = await receipt(pending.orderId, name);
    expect(accepted.status).toBe(201);
  });

  test("the statement's running balance per currency adds up to the closing balance", async () => {
    const response = await fetch(url("/api/AccountingReportClient?Page=1&PageSize=50"), {
      headers: { Authorization: `Bearer ${await token()}`, Accept: json("AgencyStatement") },
    });
    const statement = (await response.json()) as {
      Items: Array<{ Type: string; Amount: number; Currency: string; Balance: number }>;
      ClosingBalances: Array<{ Currency: string; Balance: number }>;
    };
    const running = new Map<string, number>();
    for (const line of statement.Items) {
      const next =
        (running.get(line.Currency) ?? 0) + (line.Type === "Debit" ? line.Amount : -line.Amount);
      expect(line.Balance).toBeCloseTo(next, 2);
      running.set(line.Currency, line.Balance);
    }
    for (const closing of statement.ClosingBalances)
      expect(closing.Balance).toBeCloseTo(running.get(closing.Currency) ?? 0, 2);
  });
});

describe("sandbox: faults and the call log", () => {
  test("a status fault with a text body answers it as a gateway's HTML page", async () => {
    await fetch(url("/__sandbox/faults"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "/api/*", status: 502, body: "<html>Bad gateway</html>" }),
    });
    try {
      const answer = await fetch(url("/api/Currencies"));
      expect(answer.status).toBe(502);
      expect(answer.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(await answer.text()).toBe("<html>Bad gateway</html>");
    } finally {
      await fetch(url("/__sandbox/faults"), { method: "DELETE" });
    }
  });
});

describe("sandbox: a change held across a reset", () => {
  const application = (userName: string) => ({
    method: "POST",
    headers: { "Content-Type": json("CreateAgencyDTO") },
    body: JSON.stringify({
      AgencyName: `Held Agency ${userName}`,
      ManagerFirstName: "Held",
      ManagerLastName: "Change",
      PhoneNumber: "+98 21 5555 0000",
      Email: `${userName}@example.com`,
      CountryCode: "IR",
      City: "Tehran",
      Address: "Test street",
      UserName: userName,
      Password: "Held-change-1",
    }),
  });

  test("is dropped, not applied to the fresh state", async () => {
    // The same application, not held, is one the sandbox takes: so a state left as seeded below
    // is the generation check's doing, not a refusal.
    await fetch(url("/__sandbox/reset"), { method: "POST" });
    const users = store.state.users.length;
    expect((await fetch(url("/api/AgencyClient"), application("taken.once"))).status).toBe(201);
    expect(store.state.users).toHaveLength(users + 1);

    await fetch(url("/__sandbox/faults"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "/api/AgencyClient", method: "POST", latencyMs: 300 }),
    });
    const held = fetch(url("/api/AgencyClient"), application("held.change")).then(
      (answer) => answer.status,
      () => "dropped",
    );
    // The next test's reset, while the change waits out its latency.
    await fetch(url("/__sandbox/reset"), { method: "POST" });
    const seeded = structuredClone(store.state);
    expect(await held).toBe("dropped");
    expect(store.state).toEqual(seeded);
  });
});

describe("CallLog", () => {
  test("keeps every call since the reset, and refuses to answer once some were dropped", () => {
    const log = new CallLog();
    const call = {
      method: "GET",
      path: "/api/x",
      query: "",
      model: null,
      answerModel: null,
      requestId: null,
      traceparent: null,
      idempotencyKey: null,
    };
    for (let index = 0; index < 20_000; index++) log.record(call);
    expect(log.list()).toHaveLength(20_000);
    log.record(call);
    expect(() => log.list()).toThrow(/1 calls were dropped/);
    log.clear();
    expect(log.list()).toEqual([]);
  });
});
