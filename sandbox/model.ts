/**
 * The provider sandbox's state: plain JSON, saved to SANDBOX_DATA after every change.
 * Field names are the sandbox's own; the wire shapes are in docs/provider-api.md and handlers.ts.
 */

// The states' wire spelling is part of the contract; the portal and the sandbox share one list.
import { REQUEST_STATES, type RequestState } from "~/utils/requests/request-states";
// A room type's rules travel under these names; the portal reads them as the sandbox keeps them.
import type { RoomRules } from "~/utils/wizard/reservation-wizard";

export { REQUEST_STATES, type RequestState, type RoomRules };

export type User = {
  userName: string;
  password: string;
  agencyId: number;
  shouldVerifyEmail: boolean;
};

export type Agency = {
  id: number;
  name: string;
  managerFirstName: string;
  managerLastName: string;
  phone: string;
  email: string;
  emailConfirmed: boolean;
  countryCode: string;
  city: string;
  address: string;
  /** A registration waits for the provider's review before its user may sign in. */
  /** "duplicate-user-name": an application whose user name was taken, made no user. */
  status: "active" | "pending" | "duplicate-user-name";
};

type IssuedToken = { token: string; userName: string; expiresAt: string };

export type RoomType = {
  typeId: number;
  name: string;
  baseCapacity: number;
  basePrice: number;
  /** Seasons; one may price the extras too (`prices`), else they cost the room type's `prices`. */
  roomPrices: Array<{ startDate: string; endDate: string; price: number; prices?: ExtraPrices }>;
  roomService: string;
  roomServiceAbbreviation: string;
  roomView: string;
  rules: RoomRules;
  prices: ExtraPrices;
};

/** The nightly prices of a room type's extras. */
type ExtraPrices = { childNoBedPrice: number; childWithBedPrice: number; extraBedPrice: number };

type SpecialDate = {
  date: string;
  roomPriceDifference: number;
  childNoBedPriceDifference: number;
  childWithBedPriceDifference: number;
  extraBedPriceDifference: number;
};

export type Hotel = {
  accommodationPropertyId: number;
  accommodationPackageId: number;
  hotelId: number;
  hotelName: string;
  hotelGrade: number;
  hotelPlace: string;
  currency: string;
  availableSince: string;
  availableUntil: string;
  lastEditDateTime: string;
  isInActive: boolean;
  roomTypes: RoomType[];
  specialDates: SpecialDate[];
};

export type AccommodationPackage = {
  id: number;
  title: string;
  availableSince: string;
  availableUntil: string;
  userId: number;
  userName: string;
  partyId: number;
  partyName: string;
  lastEditDateTime: string;
};

export type Passenger = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  passportNumber: string;
  gender: "Female" | "Male";
  nationalityCountryCode: string;
  hotelPassengerType: 1 | 2 | 3 | 4;
  mainGuest: boolean;
};

export type RequestedRoom = {
  roomTypeId: number;
  hasChildNoBed: boolean;
  hasChildWithBed: boolean;
  hasExtraBed: boolean;
  passengers: Passenger[];
};

export type Flight = {
  airlineIata: string;
  flightNumber: string;
  takeOffDate: string;
  takeOffTime: string;
  landingDate: string | null;
  landingTime: string | null;
  flightDuration: string | null;
  originIata: string;
  destinationIata: string;
};

export type Note = {
  id: number;
  content: string;
  createDateTime: string;
  creatorUserName: string;
  isBroker: boolean;
  isRead: boolean;
};

export type ReserveRequest = {
  id: number;
  requestNumber: string;
  agencyId: number;
  userName: string;
  agencyRef: string | null;
  state: RequestState;
  createDateTime: string;
  paymentDeadlineDateTime: string | null;
  accommodationPropertyId: number;
  checkIn: string;
  checkOut: string;
  needTransfer: boolean;
  description: string;
  rooms: RequestedRoom[];
  transportation: { originFlight: Flight; destinationFlight: Flight } | null;
  orderId: number | null;
  notes: Note[];
};

export type Order = {
  id: number;
  contractNumber: string;
  agencyId: number;
  createDate: string;
  currency: string;
};

export type Payment = {
  id: number;
  orderId: number;
  paymentType: "Receipt" | "Cash" | "Online";
  sourceAmount: number;
  sourceCurrency: string;
  amount: number;
  convertedCurrency: string;
  createDate: string;
  paymentDateTime: string;
  payerName: string;
  payeeName: string;
  receiptNumber: string | null;
  receiptPaymentTypeId: number | null;
  bankId: number | null;
  fileName: string | null;
  description: string;
  state: "New" | "Approved" | "Rejected" | "Refunded";
};

/** Spec §4 ticket categories, by their number on the wire. */
export const TICKET_CATEGORIES = {
  1: "Change Date Request",
  2: "Cancel Request",
  3: "Transfer Request",
  4: "Extra Bed Request",
  5: "Change Room Type Request",
} as const;
export type TicketCategory = keyof typeof TICKET_CATEGORIES;

type TicketMessage = {
  id: number;
  content: string;
  creatorUserName: string;
  isBroker: boolean;
  createDateTime: string;
};

/** A support ticket on an order: its first message opens it, replies follow. */
export type Ticket = {
  id: number;
  orderId: number;
  agencyId: number;
  category: TicketCategory;
  subject: string;
  isClosed: boolean;
  messages: TicketMessage[];
};

/** A file the agency uploaded (a receipt); its bytes are in the sandbox's files folder. */
type Upload = {
  name: string;
  userName: string;
  contentType: string;
  size: number;
  originalName: string;
};

type CommissionGroup = {
  title: string;
  groups: Array<{
    fromDate: string;
    toDate: string;
    hotels: Array<{
      hotelName: string;
      hotelGrade: number;
      commission: number;
      extraCommission: number;
    }>;
  }>;
};

export type Picture = {
  id: number;
  groupId: number;
  fileName: string;
  title: string;
  color: string;
};
type Announcement = {
  id: number;
  title: string;
  body: string;
  startDate: string;
  endDate: string;
};
type Airline = { id: number; name: string; latinName: string; iata: string };
type Airport = { iata: string; title: string; city: string };
type Currency = { id: number; code: string; sign: string; title: string };
type Bank = { id: number; name: string };
type ReceiptPaymentType = { id: number; title: string };
type DownloadLog = { packageId: number; userName: string; at: string };

/**
 * Where providers differ in what they allow or answer, and the sandbox can be either
 * (docs/provider-api.md names each as the provider's choice). Set through /__sandbox/rules.
 */
export type ProviderRules = {
  /** An order (contract) holds requests in one currency; a request in another is refused. */
  singleCurrencyOrders: boolean;
  /** A sent note or ticket reply is answered 204 with no body, not 201 with what was saved. */
  emptyWriteAnswers: boolean;
  /** The requests grid takes `PaymentDeadlineTo`; a provider without it ignores the parameter. */
  paymentDeadlineFilter: boolean;
};

export const DEFAULT_PROVIDER_RULES: ProviderRules = {
  singleCurrencyOrders: true,
  emptyWriteAnswers: false,
  paymentDeadlineFilter: true,
};

export type SandboxState = {
  /** Bumped when the shape changes; an older data file is replaced by the seed. */
  version: number;
  rules: ProviderRules;
  seededOn: string;
  nextId: number;
  users: User[];
  agencies: Agency[];
  tokens: IssuedToken[];
  packages: AccommodationPackage[];
  hotels: Hotel[];
  airlines: Airline[];
  airports: Airport[];
  /** The third-party airline service's directory: more airlines than the provider's list. */
  airlineDirectory: Array<{ iata: string; name: string; country: string }>;
  /** The geo service's places: the hotels' and others, where the provider sells nothing. */
  /** Places the geo service knows; `spellings`: other names it matches them by (not answered). */
  locations: Array<{ name: string; country: string; spellings?: string[] }>;
  requests: ReserveRequest[];
  orders: Order[];
  payments: Payment[];
  tickets: Ticket[];
  uploads: Upload[];
  commissionGroups: CommissionGroup;
  pictures: Picture[];
  announcements: Announcement[];
  currencies: Currency[];
  banks: Bank[];
  receiptPaymentTypes: ReceiptPaymentType[];
  downloadLogs: DownloadLog[];
  /** Email changes waiting for the user to follow the confirmation link. */
  pendingEmailConfirmations: Array<{ agencyId: number; email: string }>;
  /** Answers already given to an `Idempotency-Key`: the same key gets the same answer. */
  idempotentAnswers: Array<{
    key: string;
    userName: string;
    status: number;
    body: { Id: number; RequestNumber: string };
  }>;
  /** Every submitted reservation request body, exactly as it arrived (tests compare payloads). */
  receivedReservations: Array<{ requestId: number; body: unknown }>;
};

export const STATE_VERSION = 5;
