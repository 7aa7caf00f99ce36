import type { Locator, Page } from "@playwright/test";
import { formatDateInput } from "~/utils/date-input";
import { expect, test, type Portal } from "./fixtures";

/** An ISO date `days` from today (UTC), as the sandbox's seed counts days. */
function isoIn(days: number) {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const CHECK_IN = isoIn(10);
const CHECK_OUT = isoIn(13);
/** A birthday giving this age at check-in. */
function bornYearsBefore(years: number, iso = CHECK_IN) {
  const [y, m, d] = iso.split("-");
  return `${Number(y) - years}-${m}-${d === "29" && m === "02" ? "28" : d}`;
}

type Guest = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender?: "Female" | "Male";
  passport: string;
  nationality: string;
};

const adults: Guest[] = [
  {
    firstName: "Sara",
    lastName: "Ahmadi",
    dateOfBirth: bornYearsBefore(34),
    passport: "P4001201",
    nationality: "IR",
  },
  {
    firstName: "Ali",
    lastName: "Ahmadi",
    dateOfBirth: bornYearsBefore(36),
    gender: "Male",
    passport: "P4001202",
    nationality: "IR",
  },
  {
    firstName: "Neda",
    lastName: "Karimi",
    dateOfBirth: bornYearsBefore(61),
    passport: "P4001203",
    nationality: "IR",
  },
];
const extraAdult: Guest = {
  firstName: "Reza",
  lastName: "Karimi",
  dateOfBirth: bornYearsBefore(19),
  gender: "Male",
  passport: "P4001204",
  nationality: "TR",
};
const toddler: Guest = {
  firstName: "Tara",
  lastName: "Ahmadi",
  dateOfBirth: bornYearsBefore(3),
  passport: "P4001205",
  nationality: "IR",
};
const couple: Guest[] = [
  {
    firstName: "Leila",
    lastName: "Moradi",
    dateOfBirth: bornYearsBefore(41),
    passport: "P4001206",
    nationality: "IR",
  },
  {
    firstName: "Omid",
    lastName: "Moradi",
    dateOfBirth: bornYearsBefore(43),
    gender: "Male",
    passport: "P4001207",
    nationality: "IR",
  },
];
const schoolChild: Guest = {
  firstName: "Kian",
  lastName: "Moradi",
  dateOfBirth: bornYearsBefore(8),
  gender: "Male",
  passport: "P4001208",
  nationality: "IR",
};

async function fillGuest(group: Locator, guest: Guest, language = "en") {
  await group.getByLabel("First name").fill(guest.firstName);
  await group.getByLabel("Last name").fill(guest.lastName);
  await group.getByLabel("Date of birth").fill(formatDateInput(guest.dateOfBirth, language));
  if (guest.gender) await group.getByLabel("Gender").selectOption(guest.gender);
  await group.getByLabel("Passport number").fill(guest.passport);
  await group.getByLabel("Nationality").selectOption(guest.nationality);
}

/** Step 1 with the given hotel and dates; ends on step 2. */
async function chooseHotel(
  page: Page,
  { hotel = "Marina Pearl Resort", transfer = true, agencyRef = "AG-7788" } = {},
) {
  await page.getByLabel(hotel).check();
  await page.getByLabel("Check-in date").fill(formatDateInput(CHECK_IN, "en"));
  await page.getByLabel("Check-out date").fill(formatDateInput(CHECK_OUT, "en"));
  if (transfer) await page.getByLabel("An airport transfer is needed").check();
  await page.getByLabel("Your reference (optional)").fill(agencyRef);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/rooms$/);
}

async function addRoom(page: Page, portal: Portal, type: string, number: number) {
  await page.getByRole("button", { name: `Add a ${type} room` }).click();
  await expect(page.getByTestId(`room-${number}`)).toBeVisible();
  await portal.hydrated();
}

async function addExtra(page: Page, room: Locator, extra: RegExp) {
  await room.getByRole("button", { name: extra }).click();
}

/** Step 2: a Triple with an extra adult and a toddler, and a Double with a school child. */
async function chooseRooms(page: Page, portal: Portal) {
  await addRoom(page, portal, "Triple", 1);
  const triple = page.getByTestId("room-1");
  for (const [index, guest] of adults.entries())
    await fillGuest(triple.getByRole("group", { name: `Main guest ${index + 1}` }), guest);
  await addExtra(page, triple, /^Add extra adult on an extra bed/);
  await fillGuest(
    page.getByTestId("room-1").getByRole("group", { name: "extra adult on an extra bed" }),
    extraAdult,
  );
  await addExtra(page, page.getByTestId("room-1"), /^Add child without bed/);
  await fillGuest(
    page.getByTestId("room-1").getByRole("group", { name: "child without bed (0–5)" }),
    toddler,
  );
  // Everything typed so far survived the round trips the buttons make without JS.
  await expect(
    page
      .getByTestId("room-1")
      .getByRole("group", { name: "Main guest 1" })
      .getByLabel("First name"),
  ).toHaveValue("Sara");

  await addRoom(page, portal, "Double", 2);
  // Without JS the badge is as of the last round trip: adding the second room was one.
  await expect(page.getByTestId("room-1").getByTestId("room-status")).toHaveText("Complete");
  await expect(page.getByTestId("room-2").getByTestId("room-status")).toHaveText("Incomplete");
  const double = page.getByTestId("room-2");
  for (const [index, guest] of couple.entries())
    await fillGuest(double.getByRole("group", { name: `Main guest ${index + 1}` }), guest);
  // The Double allows a child with bed only: no extra bed, no child without bed on offer.
  await expect(double.getByRole("button", { name: /^Add extra adult/ })).toHaveCount(0);
  await expect(double.getByRole("button", { name: /^Add child without bed/ })).toHaveCount(0);
  await addExtra(page, double, /^Add child with bed/);
  await fillGuest(
    page.getByTestId("room-2").getByRole("group", { name: "child with bed (6–11)" }),
    schoolChild,
  );
  await page.getByRole("button", { name: "Continue" }).last().click();
}

async function fillFlights(page: Page) {
  const arrival = page.getByRole("region", { name: "Arrival flight" });
  await arrival.getByLabel("Airline").selectOption("IR");
  await arrival.getByLabel("Flight number").fill("IR712");
  await arrival.getByLabel("From airport").fill("IKA");
  await arrival.getByLabel("To airport").fill("DXB");
  await arrival.getByLabel("Take-off date").fill(formatDateInput(CHECK_IN, "en"));
  await arrival.getByLabel("Take-off time").fill("07:40");
  await arrival.getByLabel("Landing date (optional)").fill(formatDateInput(CHECK_IN, "en"));
  await arrival.getByLabel("Landing time").fill("10:55");
  await arrival.getByLabel("Duration (optional)").fill("03:15");
  const departure = page.getByRole("region", { name: "Departure flight" });
  await departure.getByLabel("Airline").selectOption("EK");
  await departure.getByLabel("Flight number").fill("EK978");
  // A name instead of a code: the geo service's only match is taken.
  await departure.getByLabel("From airport").fill("Dubai");
  await departure.getByLabel("To airport").fill("IKA");
  await departure.getByLabel("Take-off date").fill(formatDateInput(CHECK_OUT, "en"));
  await departure.getByLabel("Take-off time").fill("16:20");
  await page.getByRole("button", { name: "Continue" }).last().click();
  await page.waitForURL(/\/review$/);
}

const passenger = (guest: Guest, type: number) => ({
  FirstName: guest.firstName,
  LastName: guest.lastName,
  Birthday: guest.dateOfBirth,
  Gender: guest.gender ?? "Female",
  NationalityCountryCode: guest.nationality,
  PassportNumber: guest.passport,
  HotelPassengerType: type,
  MainGuest: type === 1,
});

test.describe("new request wizard", () => {
  test("a two-room booking with extras and a transfer goes to the provider exactly as entered", async ({
    portal,
    page,
    sandbox,
  }) => {
    await portal.signIn();
    await page.getByRole("link", { name: "New Request" }).click();
    await page.waitForURL(/\/reservations\/new\/hotel$/);
    await portal.hydrated();
    await chooseHotel(page);
    await portal.hydrated();
    await chooseRooms(page, portal);
    await page.waitForURL(/\/flights$/);
    await portal.hydrated();
    await fillFlights(page);
    await portal.hydrated();

    await expect(page.getByTestId("price-table").getByRole("row")).toHaveCount(3);
    await expect(page.getByTestId("price-totals")).toContainText("US$");
    // The fare breakdown opens with or without JS.
    await page.getByText("Fare breakdown").first().click();
    await expect(
      page.getByRole("table", { name: "Fare breakdown of the Triple room" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Submit request" }).click();
    await expect(page.getByText("Request was submitted successfully").first()).toBeVisible();
    await page.waitForURL(/\/reservations\/list$/);

    const { receivedReservations, requests } = await sandbox.state();
    expect(receivedReservations).toHaveLength(1);
    const sent = receivedReservations[0].body as Record<string, unknown>;
    expect(sent).toEqual({
      AgencyRef: "AG-7788",
      AccommodationPropertyId: 1004,
      AccommodationPackageId: 2,
      PropertyId: 504,
      CheckInDate: CHECK_IN,
      CheckOutDate: CHECK_OUT,
      NeedTransfer: true,
      Description: "",
      ExtendedOrderId: null,
      ReserveRoomRequests: [
        {
          RoomType: 401,
          RoomView: expect.any(String),
          RoomService: expect.any(String),
          HasChildNoBed: true,
          HasChildWithBed: false,
          HasExtraBed: true,
          Passengers: [
            ...adults.map((guest) => passenger(guest, 1)),
            passenger(extraAdult, 2),
            passenger(toddler, 3),
          ],
        },
        {
          RoomType: 404,
          RoomView: expect.any(String),
          RoomService: expect.any(String),
          HasChildNoBed: false,
          HasChildWithBed: true,
          HasExtraBed: false,
          Passengers: [...couple.map((guest) => passenger(guest, 1)), passenger(schoolChild, 4)],
        },
      ],
      TransportationInfo: {
        OriginFlight: {
          Airline: { Iata: "IR", Name: "ایران ایر", LatinName: "Iran Air" },
          FlightNumber: "IR712",
          DepartureDateTime: `${CHECK_IN}T07:40:00`,
          ArrivalDateTime: `${CHECK_IN}T10:55:00`,
          Origin: { Iata: "IKA", Title: "Tehran Imam Khomeini International Airport" },
          Destination: { Iata: "DXB", Title: "Dubai International Airport" },
          FlightDuration: "03:15",
        },
        DestinationFlight: {
          Airline: { Iata: "EK", Name: "امارات", LatinName: "Emirates" },
          FlightNumber: "EK978",
          DepartureDateTime: `${CHECK_OUT}T16:20:00`,
          ArrivalDateTime: null,
          Origin: { Iata: "DXB", Title: "Dubai International Airport" },
          Destination: { Iata: "IKA", Title: "Tehran Imam Khomeini International Airport" },
          FlightDuration: null,
        },
      },
    });
    expect(requests.at(-1)).toMatchObject({ state: "New", agencyRef: "AG-7788" });
  });
});
