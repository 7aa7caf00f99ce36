import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import {
  extraAllowed,
  firstOpenStep,
  roomsStepSchema,
  stepIsUnlocked,
  type Draft,
  type RoomRules,
} from "./reservation-wizard";
import { hotelStepSchema } from "./hotel-step";
import {
  emptyDraft,
  nightlyPricesOf,
  priceValidationRequest,
  reservationPayload,
} from "./reservation-wizard.server";

const allowAll: RoomRules = {
  childNoBedIsAllowed: true,
  childWithBedIsAllowed: true,
  extraBedIsAllowed: true,
  extraBedAndChildWithBedAreAllowedTogether: true,
};
const none = { extraBed: false, childWithBed: false, childNoBed: false };

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const guest = (prefix: string, dateOfBirth: string) => ({
  [`${prefix}.firstName`]: "Sara",
  [`${prefix}.lastName`]: "Ahmadi",
  [`${prefix}.dateOfBirth`]: dateOfBirth,
  [`${prefix}.gender`]: "Female",
  [`${prefix}.passportNumber`]: "p۴۰۰۱۲۰۱",
  [`${prefix}.nationality`]: "IR",
});

describe("room rules (spec §5)", () => {
  test("each extra only when the room type allows it", () => {
    for (const kind of ["extraBed", "childWithBed", "childNoBed"] as const) {
      expect(extraAllowed(allowAll, kind, none)).toBe(true);
      const rule = {
        extraBed: "extraBedIsAllowed",
        childWithBed: "childWithBedIsAllowed",
        childNoBed: "childNoBedIsAllowed",
      }[kind];
      expect(extraAllowed({ ...allowAll, [rule]: false }, kind, none)).toBe(false);
    }
  });

  test("an extra bed with a child with bed only when allowed together", () => {
    const apart = { ...allowAll, extraBedAndChildWithBedAreAllowedTogether: false };
    expect(extraAllowed(apart, "extraBed", { ...none, childWithBed: true })).toBe(false);
    expect(extraAllowed(apart, "childWithBed", { ...none, extraBed: true })).toBe(false);
    expect(extraAllowed(apart, "childNoBed", { ...none, extraBed: true })).toBe(true);
    expect(extraAllowed(allowAll, "extraBed", { ...none, childWithBed: true })).toBe(true);
  });
});

describe("rooms step", () => {
  const schema = (rules: RoomRules) =>
    roomsStepSchema({
      language: "en",
      checkIn: "2026-12-09",
      roomTypes: [{ typeId: 401, name: "Double", baseCapacity: 2, rules }],
    });
  const room = (extra: Record<string, string> = {}) =>
    form({
      "rooms[0].roomTypeId": "401",
      ...guest("rooms[0].guests[0]", "1990/01/01"),
      ...guest("rooms[0].guests[1]", "1992/05/05"),
      ...extra,
    });

  test("a full room parses; digits and case of the passport are normalised", () => {
    const result = parseWithZod(room(), { schema: schema(allowAll) });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.rooms[0].guests[0]).toMatchObject({
      passportNumber: "P4001201",
      dateOfBirth: "1990-01-01",
    });
    expect(result.value.rooms[0].extraBed).toEqual([]);
  });

  test("a forbidden extra is refused, whatever the form posted", () => {
    const result = parseWithZod(room(guest("rooms[0].extraBed[0]", "1990/01/01")), {
      schema: schema({ ...allowAll, extraBedIsAllowed: false }),
    });
    expect(result.reply().error?.["rooms[0].extraBed"]).toEqual(["validation.extraNotAllowed"]);
  });

  test("children's age bands at check-in: 0–5 without bed, 6–11 with bed", () => {
    const errorOf = (kind: string, born: string) =>
      parseWithZod(room(guest(`rooms[0].${kind}[0]`, born)), { schema: schema(allowAll) }).reply()
        .error?.[`rooms[0].${kind}[0].dateOfBirth`];
    expect(errorOf("childNoBed", "2020/12/10")).toBeUndefined(); // 5 at check-in
    expect(errorOf("childNoBed", "2020/12/09")).toEqual(["validation.childNoBedAge"]); // 6
    expect(errorOf("childWithBed", "2020/12/09")).toBeUndefined(); // 6
    expect(errorOf("childWithBed", "2014/12/09")).toEqual(["validation.childWithBedAge"]); // 12
    expect(errorOf("childNoBed", "2027/01/01")).toEqual(["validation.childNoBedAge"]); // not born yet
  });

  test("the main guests are the room type's base capacity", () => {
    const result = parseWithZod(
      form({ "rooms[0].roomTypeId": "401", ...guest("rooms[0].guests[0]", "1990/01/01") }),
      {
        schema: schema(allowAll),
      },
    );
    expect(result.reply().error?.["rooms[0].guests"]).toEqual(["validation.mainGuests"]);
  });
});

describe("a guest's nationality left empty", () => {
  const schema = roomsStepSchema({
    language: "en",
    checkIn: "2026-12-09",
    roomTypes: [
      { typeId: 401, name: "Double", baseCapacity: 2, rules: allowAll },
      { typeId: 402, name: "Single", baseCapacity: 1, rules: allowAll },
    ],
  });
  const withNationality = (prefix: string, nationality: string, born = "1990/01/01") => {
    const fields = guest(prefix, born);
    fields[`${prefix}.nationality`] = nationality;
    return fields;
  };
  const nationalities = (fields: Record<string, string>) => {
    const result = parseWithZod(form(fields), { schema });
    expect(result.status).toBe("success");
    if (result.status !== "success") return [];
    return result.value.rooms.map((room) =>
      [...room.guests, ...room.extraBed, ...room.childNoBed].map((each) => each.nationality),
    );
  };

  test("takes the room's main guest 1's, down the room and its extras", () => {
    expect(
      nationalities({
        "rooms[0].roomTypeId": "401",
        ...withNationality("rooms[0].guests[0]", "IR"),
        ...withNationality("rooms[0].guests[1]", ""),
        ...withNationality("rooms[0].extraBed[0]", ""),
        ...withNationality("rooms[0].childNoBed[0]", "TR", "2024/01/01"),
      }),
    ).toEqual([["IR", "IR", "IR", "TR"]]);
  });

  test("a room's main guest 1 takes room 1's, and the room follows its own", () => {
    const fields = {
      "rooms[0].roomTypeId": "402",
      ...withNationality("rooms[0].guests[0]", "IR"),
      "rooms[1].roomTypeId": "401",
      ...withNationality("rooms[1].guests[0]", ""),
      ...withNationality("rooms[1].guests[1]", "DE"),
      "rooms[2].roomTypeId": "401",
      ...withNationality("rooms[2].guests[0]", "TR"),
      ...withNationality("rooms[2].guests[1]", ""),
    };
    expect(nationalities(fields)).toEqual([["IR"], ["IR", "DE"], ["TR", "TR"]]);
  });

  test("with nobody's chosen, every empty one is refused by its field", () => {
    const result = parseWithZod(
      form({
        "rooms[0].roomTypeId": "401",
        ...withNationality("rooms[0].guests[0]", ""),
        ...withNationality("rooms[0].guests[1]", ""),
      }),
      { schema },
    );
    expect(result.status).toBe("error");
    expect(result.reply().error).toMatchObject({
      "rooms[0].guests[0].nationality": ["validation.required"],
      "rooms[0].guests[1].nationality": ["validation.required"],
    });
  });
});

describe("hotel step", () => {
  test("Persian users type Jalali dates, in any digits; the draft keeps ISO dates", () => {
    const result = parseWithZod(
      form({
        propertyId: "1004",
        checkIn: "۱۴۰۵/۰۹/۱۸",
        checkOut: "1405/09/21",
        needTransfer: "on",
      }),
      { schema: hotelStepSchema("fa", "2026-11-22") },
    );
    expect(result.status).toBe("success");
    if (result.status === "success")
      expect(result.value).toMatchObject({
        checkIn: "2026-12-09",
        checkOut: "2026-12-12",
        needTransfer: true,
      });
  });

  test("check-out after check-in, check-in not past, dates real", () => {
    const errors = (checkIn: string, checkOut: string) =>
      parseWithZod(form({ propertyId: "1004", checkIn, checkOut }), {
        schema: hotelStepSchema("en", "2026-11-22"),
      }).reply().error;
    expect(errors("2026/12/12", "2026/12/09")?.checkOut).toEqual([
      "validation.checkOutAfterCheckIn",
    ]);
    expect(errors("2026/11/01", "2026/12/09")?.checkIn).toEqual(["validation.checkInPast"]);
    expect(errors("2026/02/30", "2026/12/09")?.checkIn).toEqual(["validation.date"]);
  });
});

describe("the draft and its payloads", () => {
  const hotel: NonNullable<Draft["hotel"]> = {
    propertyId: 1004,
    checkIn: "2026-12-09",
    checkOut: "2026-12-12",
    needTransfer: false,
    description: "",
    agencyRef: "",
    accommodationPackageId: 2,
    hotelId: 504,
    hotelName: "Marina Pearl Resort",
    hotelGrade: 5,
    hotelPlace: "Dubai",
    currency: "USD",
  };
  const adult = {
    firstName: "Sara",
    lastName: "Ahmadi",
    dateOfBirth: "1990-01-01",
    gender: "Female" as const,
    passportNumber: "P4001201",
    nationality: "IR",
  };
  const rooms: Draft["rooms"] = {
    rooms: [
      {
        roomTypeId: 401,
        guests: [adult],
        extraBed: [],
        childWithBed: [],
        childNoBed: [{ ...adult, dateOfBirth: "2023-01-01" }],
      },
    ],
  };

  test("steps open in order; flights only with a transfer", () => {
    const draft = emptyDraft("s1");
    expect(firstOpenStep(draft)).toBe("hotel");
    expect(stepIsUnlocked("rooms", draft)).toBe(false);
    const withHotel = { ...draft, hotel };
    expect(firstOpenStep(withHotel)).toBe("rooms");
    expect(firstOpenStep({ ...withHotel, rooms })).toBe("review");
    expect(firstOpenStep({ ...withHotel, hotel: { ...hotel, needTransfer: true }, rooms })).toBe(
      "flights",
    );
  });

  test("the payload: passengers typed per guest, no transportation without a transfer", () => {
    const draft = { ...emptyDraft("s1"), hotel, rooms };
    expect(priceValidationRequest(draft).ReserveRoomRequests).toEqual([
      { RoomType: 401, HasChildNoBed: true, HasChildWithBed: false, HasExtraBed: false },
    ]);
    const payload = reservationPayload(
      draft,
      [{ typeId: 401, roomView: "Sea View", roomService: "Half Board" }],
      3001,
    );
    expect(payload).not.toHaveProperty("TransportationInfo");
    expect(payload).toMatchObject({ AgencyRef: null, PropertyId: 504, ExtendedOrderId: 3001 });
    expect(
      payload.ReserveRoomRequests[0].Passengers.map((p) => [p.HotelPassengerType, p.MainGuest]),
    ).toEqual([
      [1, true],
      [3, false],
    ]);
  });

  test("a flight without a landing date has no arrival date-time, and no duration when none was typed", () => {
    const flight = {
      airline: "IR",
      flightNumber: "IR712",
      takeOffDate: "2026-12-09",
      takeOffTime: "07:40",
      origin: "IKA",
      destination: "DXB",
    };
    const airport = { iata: "IKA", title: "Tehran" };
    const draft: Draft = {
      ...emptyDraft("s1"),
      hotel: { ...hotel, needTransfer: true },
      rooms,
      flights: {
        arrival: flight,
        departure: {
          ...flight,
          landingDate: "2026-12-12",
          landingTime: "19:05",
          duration: "03:05",
        },
        airports: {
          arrival: { origin: airport, destination: airport },
          departure: { origin: airport, destination: airport },
        },
        airlines: { IR: { iata: "IR", name: "ایران ایر", latinName: "Iran Air" } },
      },
    };
    const { TransportationInfo } = reservationPayload(draft, [], null);
    expect(TransportationInfo?.OriginFlight).toMatchObject({
      DepartureDateTime: "2026-12-09T07:40:00",
      ArrivalDateTime: null,
      FlightDuration: null,
    });
    expect(TransportationInfo?.DestinationFlight).toMatchObject({
      ArrivalDateTime: "2026-12-12T19:05:00",
      FlightDuration: "03:05",
    });
  });
});

describe("a room type's nightly price over a stay", () => {
  const roomType = {
    basePrice: 100,
    roomPrices: [
      { startDate: "2026-12-01", endDate: "2026-12-20", price: 100 },
      { startDate: "2026-12-21", endDate: "2027-01-10", price: 125 },
    ],
  };

  test("a stay inside a season costs that season's price, not the base price", () => {
    expect(nightlyPricesOf(roomType, { checkIn: "2026-12-22", checkOut: "2026-12-25" })).toEqual([
      125,
    ]);
  });

  test("a stay over two seasons spans both prices; a night outside every season, the base", () => {
    expect(nightlyPricesOf(roomType, { checkIn: "2026-12-19", checkOut: "2026-12-23" })).toEqual([
      100, 125,
    ]);
    expect(
      nightlyPricesOf(
        { ...roomType, basePrice: 90 },
        { checkIn: "2027-01-10", checkOut: "2027-01-12" },
      ),
    ).toEqual([90, 125]);
  });

  test("without a stay, or without seasons, the base price", () => {
    expect(nightlyPricesOf(roomType, null)).toEqual([100]);
    expect(
      nightlyPricesOf(
        { basePrice: 80, roomPrices: [] },
        { checkIn: "2026-12-22", checkOut: "2026-12-24" },
      ),
    ).toEqual([80]);
  });
});
