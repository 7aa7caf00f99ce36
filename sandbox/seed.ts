import {
  REQUEST_STATES,
  STATE_VERSION,
  DEFAULT_PROVIDER_RULES,
  type Hotel,
  type Note,
  type Passenger,
  type RequestedRoom,
  type ReserveRequest,
  type RoomRules,
  type RoomType,
  type SandboxState,
} from "./model";

/**
 * Demo data for every screen: two agencies (the demo one needs to verify its email), three packages
 * of eight hotels in four cities whose room types cover every extra-bed/child rule, requests in
 * every state with notes from both sides, orders, receipt and cash payments, transactions,
 * commission groups, banners and announcements. Dates are relative to the day of seeding, so the
 * demo always looks current. Deterministic: the same day gives the same data.
 */

export const DEMO_USER = { userName: "demo", password: "Demo1234" } as const;
export const OTHER_AGENCY_USER = { userName: "agent2", password: "Agent1234" } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

function day(offset: number, from: Date) {
  return new Date(from.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
}

function dateTime(offset: number, time: string, from: Date) {
  return `${day(offset, from)}T${time}:00`;
}

/** Every combination of the four room rules that a real contract can state. */
const RULE_COMBINATIONS: RoomRules[] = [false, true].flatMap((childNoBedIsAllowed) =>
  [false, true].flatMap((childWithBedIsAllowed) =>
    [false, true].flatMap((extraBedIsAllowed) =>
      (childWithBedIsAllowed && extraBedIsAllowed ? [false, true] : [false]).map((together) => ({
        childNoBedIsAllowed,
        childWithBedIsAllowed,
        extraBedIsAllowed,
        extraBedAndChildWithBedAreAllowedTogether: together,
      })),
    ),
  ),
);

const ROOM_KINDS = [
  { name: "Single", baseCapacity: 1, factor: 0.7 },
  { name: "Double", baseCapacity: 2, factor: 1 },
  { name: "Twin", baseCapacity: 2, factor: 1 },
  { name: "Triple", baseCapacity: 3, factor: 1.35 },
  { name: "Family Suite", baseCapacity: 4, factor: 1.8 },
];
const BOARDS = [
  { roomService: "Bed and Breakfast", roomServiceAbbreviation: "BB" },
  { roomService: "Half Board", roomServiceAbbreviation: "HB" },
  { roomService: "All Inclusive", roomServiceAbbreviation: "AI" },
];
const VIEWS = ["City View", "Sea View", "Garden View", "Pool View"];

const HOTELS: Array<{
  name: string;
  grade: number;
  place: string;
  packageId: number;
  currency: string;
  nightly: number;
}> = [
  {
    name: "Grand Bosphorus Hotel",
    grade: 5,
    place: "Istanbul",
    packageId: 1,
    currency: "EUR",
    nightly: 140,
  },
  {
    name: "Taksim Garden Inn",
    grade: 3,
    place: "Istanbul",
    packageId: 1,
    currency: "EUR",
    nightly: 62,
  },
  {
    name: "Sultanahmet Palace",
    grade: 4,
    place: "Istanbul",
    packageId: 1,
    currency: "EUR",
    nightly: 95,
  },
  {
    name: "Marina Pearl Resort",
    grade: 5,
    place: "Dubai",
    packageId: 2,
    currency: "USD",
    nightly: 210,
  },
  {
    name: "Deira Creek Hotel",
    grade: 3,
    place: "Dubai",
    packageId: 2,
    currency: "USD",
    nightly: 75,
  },
  {
    name: "Palm Oasis Suites",
    grade: 4,
    place: "Dubai",
    packageId: 2,
    currency: "USD",
    nightly: 150,
  },
  {
    name: "Lara Beach Club",
    grade: 5,
    place: "Antalya",
    packageId: 3,
    currency: "EUR",
    nightly: 120,
  },
  { name: "Kish Coral Hotel", grade: 4, place: "Kish", packageId: 3, currency: "USD", nightly: 85 },
  {
    name: "Kaleici Old Town Hotel",
    grade: 2,
    place: "Antalya",
    packageId: 3,
    currency: "EUR",
    nightly: 45,
  },
];

function buildRoomTypes(hotelIndex: number, nightly: number, today: Date): RoomType[] {
  const count = 3 + (hotelIndex % 2);
  return Array.from({ length: count }, (_, index) => {
    const kind = ROOM_KINDS[(hotelIndex + index) % ROOM_KINDS.length];
    const rules = RULE_COMBINATIONS[(hotelIndex * 3 + index) % RULE_COMBINATIONS.length];
    const basePrice = Math.round(nightly * kind.factor);
    const extras = (factor: number) => ({
      childNoBedPrice: rules.childNoBedIsAllowed ? Math.round(nightly * 0.15 * factor) : 0,
      childWithBedPrice: rules.childWithBedIsAllowed ? Math.round(nightly * 0.4 * factor) : 0,
      extraBedPrice: rules.extraBedIsAllowed ? Math.round(nightly * 0.5 * factor) : 0,
    });
    return {
      typeId: (hotelIndex + 1) * 100 + index + 1,
      name: kind.name,
      baseCapacity: kind.baseCapacity,
      basePrice,
      // A high season starting in three weeks, priced above the base; at every other hotel its
      // extras cost more too, at the others they keep the room type's prices.
      roomPrices: [
        { startDate: day(0, today), endDate: day(20, today), price: basePrice },
        {
          startDate: day(21, today),
          endDate: day(60, today),
          price: Math.round(basePrice * 1.25),
          ...(hotelIndex % 2 === 0 ? { prices: extras(1.25) } : {}),
        },
      ],
      ...BOARDS[(hotelIndex + index) % BOARDS.length],
      roomView: VIEWS[(hotelIndex + index) % VIEWS.length],
      rules,
      prices: extras(1),
    };
  });
}

function buildHotels(today: Date): Hotel[] {
  return HOTELS.map((hotel, index) => ({
    accommodationPropertyId: 1000 + index + 1,
    accommodationPackageId: hotel.packageId,
    hotelId: 500 + index + 1,
    hotelName: hotel.name,
    hotelGrade: hotel.grade,
    hotelPlace: hotel.place,
    currency: hotel.currency,
    availableSince: day(-10, today),
    availableUntil: day(120, today),
    lastEditDateTime: dateTime(-(index % 4), `${String(8 + index).padStart(2, "0")}:15`, today),
    // One hotel is withdrawn from sale, as happens mid-season.
    isInActive: index === HOTELS.length - 1,
    roomTypes: buildRoomTypes(index, hotel.nightly, today),
    specialDates: [
      {
        date: day(30, today),
        roomPriceDifference: Math.round(hotel.nightly * 0.3),
        childNoBedPriceDifference: 0,
        childWithBedPriceDifference: 10,
        extraBedPriceDifference: 15,
      },
    ],
  }));
}

const FIRST_NAMES = [
  "Sara",
  "Ali",
  "Maryam",
  "Reza",
  "Neda",
  "Hossein",
  "Leila",
  "Omid",
  "Shirin",
  "Kaveh",
];
const LAST_NAMES = [
  "Ahmadi",
  "Karimi",
  "Rostami",
  "Hosseini",
  "Moradi",
  "Jafari",
  "Tehrani",
  "Rahimi",
];

function passenger(
  seed: number,
  type: Passenger["hotelPassengerType"],
  mainGuest: boolean,
  today: Date,
): Passenger {
  const age = type === 3 ? 3 : type === 4 ? 8 : 25 + (seed % 30);
  return {
    firstName: FIRST_NAMES[seed % FIRST_NAMES.length],
    lastName: LAST_NAMES[(seed * 3) % LAST_NAMES.length],
    dateOfBirth: day(-(age * 365 + (seed % 200)), today),
    passportNumber: `P${String(40012345 + seed * 7919).slice(0, 8)}`,
    gender: seed % 2 === 0 ? "Female" : "Male",
    nationalityCountryCode: seed % 5 === 0 ? "TR" : "IR",
    hotelPassengerType: type,
    mainGuest,
  };
}

function rooms(hotel: Hotel, seed: number, today: Date): RequestedRoom[] {
  const roomType = hotel.roomTypes[seed % hotel.roomTypes.length];
  const passengers = Array.from({ length: roomType.baseCapacity }, (_, index) =>
    passenger(seed + index, 1, true, today),
  );
  const hasChildNoBed = roomType.rules.childNoBedIsAllowed && seed % 2 === 0;
  if (hasChildNoBed) passengers.push(passenger(seed + 9, 3, false, today));
  return [
    {
      roomTypeId: roomType.typeId,
      hasChildNoBed,
      hasChildWithBed: false,
      hasExtraBed: false,
      passengers,
    },
  ];
}

/** The airport a transfer meets, by the hotel's city. */
const CITY_AIRPORT: Record<string, string> = {
  Istanbul: "IST",
  Dubai: "DXB",
  Antalya: "AYT",
  Kish: "KIH",
};

const AGENCY_NOTES = [
  "Please confirm a non-smoking room if possible.",
  "Guests arrive late at night; please keep the room.",
  "Could you send the final invoice?",
];
const PROVIDER_NOTES = [
  "Room confirmed with the hotel; invoice attached to the order.",
  "Please complete the payment before the deadline.",
  "The hotel asks for passport copies of all guests.",
];

function buildRequests(hotels: Hotel[], today: Date): ReserveRequest[] {
  const active = hotels.filter((hotel) => !hotel.isInActive);
  const requests: ReserveRequest[] = [];
  // The demo agency has requests in every state, in uneven numbers so the overview means something.
  const perState: Record<ReserveRequest["state"], number> = {
    New: 3,
    Requested: 2,
    PaymentPending: 4,
    ConfirmationPending: 1,
    Confirmed: 5,
    Rejected: 2,
    Cancelled: 1,
    Refunded: 1,
    Approved: 2,
    Settled: 1,
  };
  const plan: Array<{ agencyId: number; userName: string; state: ReserveRequest["state"] }> = [
    ...REQUEST_STATES.flatMap((state) =>
      Array.from({ length: perState[state] }, () => ({
        agencyId: 1,
        userName: DEMO_USER.userName,
        state,
      })),
    ),
    { agencyId: 2, userName: OTHER_AGENCY_USER.userName, state: "New" as const },
    { agencyId: 2, userName: OTHER_AGENCY_USER.userName, state: "Confirmed" as const },
  ];
  plan.forEach((entry, index) => {
    const id = 7001 + index;
    const hotel = active[index % active.length];
    const checkInOffset = 5 + (index % 40);
    const nights = 2 + (index % 5);
    const needTransfer = index % 3 === 0;
    const notes: Note[] = [];
    if (index % 2 === 0) {
      notes.push({
        id: id * 10 + 1,
        content: AGENCY_NOTES[index % AGENCY_NOTES.length],
        createDateTime: dateTime(-3, "10:20", today),
        creatorUserName: entry.userName,
        isBroker: false,
        isRead: true,
      });
      notes.push({
        id: id * 10 + 2,
        content: PROVIDER_NOTES[index % PROVIDER_NOTES.length],
        createDateTime: dateTime(-2, "09:05", today),
        creatorUserName: "provider.desk",
        isBroker: true,
        // Unread provider notes on some requests, for the dashboard's previews.
        isRead: index % 4 !== 0,
      });
    }
    requests.push({
      id,
      requestNumber: `HR-${id}`,
      agencyId: entry.agencyId,
      userName: entry.userName,
      agencyRef: index % 3 === 1 ? null : `AG-${2400 + index}`,
      state: entry.state,
      createDateTime: dateTime(-(index % 20) - 1, "11:30", today),
      // Half the requests waiting for payment are due tomorrow (within the dashboard's 48 hours,
      // at two times), half in four days.
      paymentDeadlineDateTime:
        entry.state !== "PaymentPending"
          ? null
          : index % 2 === 0
            ? dateTime(1, index % 4 === 0 ? "18:00" : "10:00", today)
            : dateTime(4, "12:00", today),
      accommodationPropertyId: hotel.accommodationPropertyId,
      checkIn: day(checkInOffset, today),
      checkOut: day(checkInOffset + nights, today),
      needTransfer,
      description: index % 4 === 0 ? "Honeymoon couple, flowers in the room please." : "",
      rooms: rooms(hotel, index, today),
      transportation: needTransfer
        ? {
            originFlight: {
              airlineIata: index % 2 ? "W5" : "IR",
              flightNumber: `${index % 2 ? "W5" : "IR"}${110 + index}`,
              takeOffDate: day(checkInOffset, today),
              takeOffTime: "07:40",
              landingDate: day(checkInOffset, today),
              landingTime: "10:55",
              flightDuration: "03:15",
              originIata: "IKA",
              destinationIata: CITY_AIRPORT[hotel.hotelPlace],
            },
            destinationFlight: {
              airlineIata: index % 2 ? "W5" : "IR",
              flightNumber: `${index % 2 ? "W5" : "IR"}${111 + index}`,
              takeOffDate: day(checkInOffset + nights, today),
              takeOffTime: "16:20",
              landingDate: null,
              landingTime: null,
              flightDuration: null,
              originIata: CITY_AIRPORT[hotel.hotelPlace],
              destinationIata: "IKA",
            },
          }
        : null,
      orderId: null,
      notes,
    });
  });
  return requests;
}

/**
 * Travellers the demo agency booked more than once, for "find a traveller": a family in three
 * requests whose mother's passport changed before the newest, and a guest whose name the agency
 * typed in Persian letters. Each replaces the main guests of a two-guest request.
 */
function bookTravellersAgain(requests: ReserveRequest[], today: Date) {
  const guest = (
    firstName: string,
    lastName: string,
    born: string,
    gender: Passenger["gender"],
    passportNumber: string,
  ): Passenger => ({
    firstName,
    lastName,
    dateOfBirth: born,
    passportNumber,
    gender,
    nationalityCountryCode: "IR",
    hotelPassengerType: 1,
    mainGuest: true,
  });
  const year = today.getUTCFullYear();
  const nima = guest("Nima", "Farahani", `${year - 44}-03-21`, "Male", "P51720064");
  const mina = (passport: string) =>
    guest("Mina", "Farahani", `${year - 41}-09-02`, "Female", passport);
  const guests: Record<number, Passenger[]> = {
    7012: [nima, mina("P50388127")],
    7020: [nima, mina("P50388127")],
    // The newest of the three: Mina's new passport.
    7022: [nima, mina("P58110392")],
    7014: [
      guest("Reza", "Rahimi", `${year - 52}-01-11`, "Male", "P47260031"),
      guest("نگار", "صالحی", `${year - 33}-06-30`, "Female", "P49915520"),
    ],
  };
  for (const request of requests) {
    const replaced = guests[request.id];
    if (replaced) request.rooms[0].passengers = replaced.map((entry) => ({ ...entry }));
  }
}

export function createSeedState(today: Date = new Date()): SandboxState {
  const start = new Date(`${today.toISOString().slice(0, 10)}T00:00:00Z`);
  const hotels = buildHotels(start);
  const requests = buildRequests(hotels, start);
  bookTravellersAgain(requests, start);

  // Requests past the invoice stage belong to an order (a contract): two requests per order, of
  // hotels selling in the order's currency (US dollars first).
  const currencyOf = (request: ReserveRequest) =>
    hotels.find((hotel) => hotel.accommodationPropertyId === request.accommodationPropertyId)!
      .currency;
  const ordered = requests.filter(
    (request) =>
      request.agencyId === 1 && !["New", "Requested", "Rejected"].includes(request.state),
  );
  const groups = ["USD", "EUR"].flatMap((currency) => {
    const same = ordered.filter((request) => currencyOf(request) === currency);
    return Array.from({ length: Math.ceil(same.length / 2) }, (_, index) =>
      same.slice(index * 2, index * 2 + 2),
    );
  });
  const orders = groups.map((group, index) => ({
    id: 3001 + index,
    contractNumber: `C-1405-${String(101 + index)}`,
    agencyId: 1,
    createDate: group[0].createDateTime.slice(0, 10),
    currency: currencyOf(group[0]),
  }));
  groups.forEach((group, index) => {
    for (const request of group) request.orderId = orders[index].id;
  });

  // A receipt and a cash payment for every order, and an earlier approved receipt for the first
  // four: more than a page of receipts. The first order's newest receipt awaits verification.
  const payments: SandboxState["payments"] = orders.flatMap((order, index) => {
    const states = ["New", "Approved", "Rejected", "Refunded"] as const;
    const receipt = {
      id: 9001 + index * 2,
      orderId: order.id,
      paymentType: "Receipt" as const,
      sourceAmount: 52_000_000 + index * 3_500_000,
      sourceCurrency: "IRR",
      amount: 800 + index * 55,
      convertedCurrency: order.currency,
      createDate: day(-9 + index, start),
      paymentDateTime: dateTime(-10 + index, "13:10", start),
      payerName: "Parsian Travel",
      payeeName: "Provider Co.",
      receiptNumber: `RC-${880100 + index}`,
      receiptPaymentTypeId: 1 + (index % 3),
      bankId: 1 + (index % 4),
      fileName: null,
      description: "",
      state: states[index % states.length],
    };
    const cash = {
      ...receipt,
      id: receipt.id + 1,
      paymentType: "Cash" as const,
      sourceAmount: 300 + index * 20,
      sourceCurrency: order.currency,
      amount: 300 + index * 20,
      receiptNumber: null,
      receiptPaymentTypeId: null,
      bankId: null,
      state: states[(index + 1) % states.length],
    };
    const earlier = {
      ...receipt,
      id: receipt.id + 100,
      createDate: day(-12 + index, start),
      paymentDateTime: dateTime(-13 + index, "10:00", start),
      receiptNumber: `RC-${870100 + index}`,
      amount: 100,
      sourceAmount: 6_200_000,
      state: "Approved" as const,
    };
    return index < 4 ? [receipt, cash, earlier] : [receipt, cash];
  });

  const tickets: SandboxState["tickets"] = [
    {
      id: 15001,
      orderId: orders[0].id,
      agencyId: 1,
      category: 3,
      subject: "Airport pick-up time",
      isClosed: false,
      messages: [
        {
          id: 15002,
          content: "Our guests land at 10:55; can the transfer wait until 11:30?",
          creatorUserName: DEMO_USER.userName,
          isBroker: false,
          createDateTime: dateTime(-2, "15:40", start),
        },
        {
          id: 15003,
          content: "Yes, the driver will wait until 11:30 at gate B.",
          creatorUserName: "provider.desk",
          isBroker: true,
          createDateTime: dateTime(-1, "09:10", start),
        },
      ],
    },
    {
      id: 15004,
      orderId: orders[0].id,
      agencyId: 1,
      category: 4,
      subject: "Extra bed for room 2",
      isClosed: true,
      messages: [
        {
          id: 15005,
          content: "Please add an extra bed to the second room.",
          creatorUserName: DEMO_USER.userName,
          isBroker: false,
          createDateTime: dateTime(-5, "11:00", start),
        },
        {
          id: 15006,
          content: "Added; the invoice is updated.",
          creatorUserName: "provider.desk",
          isBroker: true,
          createDateTime: dateTime(-4, "12:30", start),
        },
      ],
    },
  ];

  return {
    version: STATE_VERSION,
    rules: { ...DEFAULT_PROVIDER_RULES },
    seededOn: start.toISOString().slice(0, 10),
    nextId: 20000,
    users: [
      {
        userName: DEMO_USER.userName,
        password: DEMO_USER.password,
        agencyId: 1,
        shouldVerifyEmail: true,
      },
      {
        userName: OTHER_AGENCY_USER.userName,
        password: OTHER_AGENCY_USER.password,
        agencyId: 2,
        shouldVerifyEmail: false,
      },
    ],
    agencies: [
      {
        id: 1,
        name: "Parsian Travel",
        managerFirstName: "Mina",
        managerLastName: "Sadeghi",
        phone: "+98 21 8800 1234",
        email: "office@parsian-travel.example",
        emailConfirmed: false,
        countryCode: "IR",
        city: "Tehran",
        address: "No. 12, Vanak Sq., Tehran",
        status: "active",
      },
      {
        id: 2,
        name: "Golden Gate Tours",
        managerFirstName: "Arash",
        managerLastName: "Nouri",
        phone: "+98 31 3220 5566",
        email: "info@goldengate.example",
        emailConfirmed: true,
        countryCode: "IR",
        city: "Isfahan",
        address: "Chaharbagh St., Isfahan",
        status: "active",
      },
    ],
    tokens: [],
    packages: [
      { id: 1, title: "Istanbul Autumn & Winter", partyId: 41, partyName: "Anatolia Wholesale" },
      { id: 2, title: "Dubai Shopping Festival", partyId: 42, partyName: "Gulf Beds" },
      { id: 3, title: "Antalya & Kish Nowruz", partyId: 43, partyName: "Sun Coast DMC" },
    ].map((pkg, index) => ({
      ...pkg,
      availableSince: day(-10, start),
      availableUntil: day(120 + index * 30, start),
      userId: 7,
      userName: "contracts.team",
      lastEditDateTime: dateTime(-index, `${String(9 + index * 2).padStart(2, "0")}:00`, start),
    })),
    hotels,
    airlines: [
      { id: 1, name: "ایران ایر", latinName: "Iran Air", iata: "IR" },
      { id: 2, name: "ماهان", latinName: "Mahan Air", iata: "W5" },
      { id: 3, name: "ترکیش", latinName: "Turkish Airlines", iata: "TK" },
      { id: 4, name: "امارات", latinName: "Emirates", iata: "EK" },
      { id: 5, name: "قشم ایر", latinName: "Qeshm Air", iata: "QB" },
    ],
    airlineDirectory: [
      { iata: "IR", name: "Iran Air", country: "Iran" },
      { iata: "W5", name: "Mahan Air", country: "Iran" },
      { iata: "TK", name: "Turkish Airlines", country: "Türkiye" },
      { iata: "EK", name: "Emirates", country: "United Arab Emirates" },
      { iata: "QB", name: "Qeshm Air", country: "Iran" },
      // Flown by the agencies' travellers, but not on the provider's list.
      { iata: "QR", name: "Qatar Airways", country: "Qatar" },
      { iata: "FZ", name: "flydubai", country: "United Arab Emirates" },
      { iata: "PC", name: "Pegasus Airlines", country: "Türkiye" },
      { iata: "Y9", name: "Kish Air", country: "Iran" },
      { iata: "EP", name: "Iran Aseman Airlines", country: "Iran" },
    ],
    locations: [
      { name: "Istanbul", country: "Türkiye" },
      // Found by its Persian name too, which no hotel's place holds.
      { name: "Antalya", country: "Türkiye", spellings: ["آنتالیا", "Antaliya"] },
      { name: "Dubai", country: "United Arab Emirates" },
      { name: "Kish", country: "Iran" },
      { name: "Tehran", country: "Iran" },
      { name: "Shiraz", country: "Iran" },
      { name: "Isfahan", country: "Iran" },
      { name: "Abu Dhabi", country: "United Arab Emirates" },
    ],
    airports: [
      { iata: "IKA", title: "Tehran Imam Khomeini International Airport", city: "Tehran" },
      { iata: "THR", title: "Tehran Mehrabad Airport", city: "Tehran" },
      { iata: "IFN", title: "Isfahan Shahid Beheshti International Airport", city: "Isfahan" },
      { iata: "IST", title: "Istanbul Airport", city: "Istanbul" },
      { iata: "SAW", title: "Istanbul Sabiha Gokcen International Airport", city: "Istanbul" },
      { iata: "DXB", title: "Dubai International Airport", city: "Dubai" },
      { iata: "AYT", title: "Antalya Airport", city: "Antalya" },
      { iata: "KIH", title: "Kish International Airport", city: "Kish" },
    ],
    requests,
    orders,
    payments,
    tickets,
    uploads: [],
    commissionGroups: {
      title: "Promoted hotels this season",
      groups: [
        {
          fromDate: day(0, start),
          toDate: day(30, start),
          hotels: hotels.slice(0, 3).map((hotel, index) => ({
            hotelName: hotel.hotelName,
            hotelGrade: hotel.hotelGrade,
            commission: 8 + index,
            extraCommission: index === 0 ? 2 : 0,
          })),
        },
        {
          fromDate: day(31, start),
          toDate: day(90, start),
          hotels: hotels.slice(3, 7).map((hotel, index) => ({
            hotelName: hotel.hotelName,
            hotelGrade: hotel.hotelGrade,
            commission: 7 + (index % 3),
            extraCommission: index % 2 ? 1.5 : 0,
          })),
        },
      ],
    },
    pictures: [
      {
        id: 1,
        groupId: 2,
        fileName: "istanbul-autumn.svg",
        title: "Istanbul autumn deals",
        color: "#1976D2",
      },
      {
        id: 2,
        groupId: 2,
        // Real providers name files as their staff saved them: spaces and Persian letters included.
        fileName: "دبی.svg",
        title: "Dubai Shopping Festival",
        color: "#B45309",
      },
      {
        id: 3,
        groupId: 2,
        fileName: "kish island 2026.svg",
        title: "Nowruz in Kish and Antalya",
        color: "#047857",
      },
      { id: 4, groupId: 1, fileName: "login-background.svg", title: "Welcome", color: "#374151" },
    ],
    announcements: [
      {
        id: 1,
        title: "New payment deadline rules",
        body: "From next month, requests in Payment Pending are released 48 hours after invoicing.",
        startDate: day(-5, start),
        endDate: day(25, start),
      },
      {
        id: 2,
        title: "Nowruz allotments open",
        body: "Kish and Antalya Nowruz allotments are now bookable in the Antalya & Kish package.",
        startDate: day(-1, start),
        endDate: day(60, start),
      },
    ],
    currencies: [
      { id: 1, code: "IRR", sign: "﷼", title: "Iranian Rial" },
      { id: 2, code: "EUR", sign: "€", title: "Euro" },
      { id: 3, code: "USD", sign: "$", title: "US Dollar" },
      { id: 4, code: "AED", sign: "AED", title: "UAE Dirham" },
    ],
    banks: [
      { id: 1, name: "Bank Mellat" },
      { id: 2, name: "Bank Melli" },
      { id: 3, name: "Bank Saderat" },
      { id: 4, name: "Pasargad Bank" },
    ],
    receiptPaymentTypes: [
      { id: 1, title: "Bank transfer (SATNA)" },
      { id: 2, title: "Bank transfer (PAYA)" },
      { id: 3, title: "Cash deposit" },
    ],
    downloadLogs: [],
    pendingEmailConfirmations: [],
    idempotentAnswers: [],
    receivedReservations: [],
  };
}
