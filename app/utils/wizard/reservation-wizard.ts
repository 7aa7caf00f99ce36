import { typedValuesFor } from "~/utils/forms/kept-values";
import { z } from "zod";
import { ageOn, formatDateInput } from "~/utils/format/date-input";
import { normalizeDigits } from "~/utils/format/numbers";
import { typedDate } from "~/utils/forms/date-validation";
import { requiredText } from "~/utils/forms/validation";
import type { FlightsStepValue, FlightValue, ResolvedAirport } from "~/utils/wizard/flights-step";
import type { HotelStepValue } from "~/utils/wizard/hotel-step";

/**
 * The request wizard's forms, for the browser (conform) and the server alike: one schema per
 * step, the spec's room rules and child age bands, and the draft the server keeps between steps.
 * Field errors are translation keys (common:validation.*).
 */

export const WIZARD_STEPS = ["hotel", "rooms", "flights", "review"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Guest types (HotelPassengerType) and the child age bands at check-in. */
export const GUEST_TYPE = { mainGuest: 1, extraBed: 2, childNoBed: 3, childWithBed: 4 } as const;
const CHILD_NO_BED_AGES = { min: 0, max: 5 };
const CHILD_WITH_BED_AGES = { min: 6, max: 11 };
export const EXTRA_KINDS = ["extraBed", "childWithBed", "childNoBed"] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];

export type RoomRules = {
  extraBedAndChildWithBedAreAllowedTogether: boolean;
  childNoBedIsAllowed: boolean;
  childWithBedIsAllowed: boolean;
  extraBedIsAllowed: boolean;
};
export type WizardRoomType = {
  typeId: number;
  name: string;
  baseCapacity: number;
  rules: RoomRules;
};

/** Whether a room type allows this extra, given the extras the room has already. */
export function extraAllowed(
  rules: RoomRules,
  kind: ExtraKind,
  chosen: Record<ExtraKind, boolean>,
) {
  if (kind === "childNoBed") return rules.childNoBedIsAllowed;
  const together = rules.extraBedAndChildWithBedAreAllowedTogether;
  if (kind === "extraBed") return rules.extraBedIsAllowed && (together || !chosen.childWithBed);
  return rules.childWithBedIsAllowed && (together || !chosen.extraBed);
}

const dateField = typedDate;

/* ---------- Step 2: rooms and guests ---------- */

const guestSchema = (language: string) =>
  z.object({
    firstName: requiredText(50),
    lastName: requiredText(50),
    dateOfBirth: dateField(language),
    gender: z.enum(["Female", "Male"]).default("Female"),
    passportNumber: requiredText(20)
      .transform((text) => normalizeDigits(text).toUpperCase())
      .refine((text) => /^[A-Z0-9]{5,20}$/.test(text), "validation.passport"),
    nationality: z
      .string({ required_error: "validation.required" })
      .regex(/^[A-Z]{2}$/, "validation.required"),
  });
export type GuestValue = z.output<ReturnType<typeof guestSchema>>;

export function roomsStepSchema({
  language,
  checkIn,
  roomTypes,
}: {
  language: string;
  checkIn: string;
  roomTypes: WizardRoomType[];
}) {
  const guest = guestSchema(language);
  const room = z
    .object({
      roomTypeId: z.number({ required_error: "validation.required" }),
      guests: z.array(guest).default([]),
      extraBed: z.array(guest).max(1).default([]),
      childWithBed: z.array(guest).max(1).default([]),
      childNoBed: z.array(guest).max(1).default([]),
    })
    .superRefine((value, ctx) => {
      const roomType = roomTypes.find((entry) => entry.typeId === value.roomTypeId);
      if (!roomType) {
        ctx.addIssue({ code: "custom", path: ["roomTypeId"], message: "validation.roomType" });
        return;
      }
      if (value.guests.length !== roomType.baseCapacity)
        ctx.addIssue({ code: "custom", path: ["guests"], message: "validation.mainGuests" });
      const chosen = {
        extraBed: value.extraBed.length > 0,
        childWithBed: value.childWithBed.length > 0,
        childNoBed: value.childNoBed.length > 0,
      };
      for (const kind of EXTRA_KINDS) {
        const others = { ...chosen, [kind]: false };
        if (chosen[kind] && !extraAllowed(roomType.rules, kind, others))
          ctx.addIssue({ code: "custom", path: [kind], message: "validation.extraNotAllowed" });
      }
      const band = (kind: "childNoBed" | "childWithBed", ages: { min: number; max: number }) =>
        value[kind].forEach((child, index) => {
          const age = ageOn(child.dateOfBirth, checkIn);
          if (child.dateOfBirth > checkIn || age < ages.min || age > ages.max)
            ctx.addIssue({
              code: "custom",
              path: [kind, index, "dateOfBirth"],
              message:
                kind === "childNoBed" ? "validation.childNoBedAge" : "validation.childWithBedAge",
            });
        });
      band("childNoBed", CHILD_NO_BED_AGES);
      band("childWithBed", CHILD_WITH_BED_AGES);
      for (const [index, adult] of [...value.guests, ...value.extraBed].entries()) {
        if (adult.dateOfBirth > checkIn) {
          const inMain = index < value.guests.length;
          ctx.addIssue({
            code: "custom",
            path: inMain ? ["guests", index, "dateOfBirth"] : ["extraBed", 0, "dateOfBirth"],
            message: "validation.bornAfterCheckIn",
          });
        }
      }
    });
  return z.object({
    rooms: z.preprocess(followFirstNationality, z.array(room).min(1, "validation.addRoom").max(9)),
  });
}

type TypedGuest = { nationality?: unknown } | null | undefined;
type TypedRoom = Partial<Record<"guests" | ExtraKind, TypedGuest[]>> | null | undefined;

/**
 * Families travel on one passport country: a guest whose nationality is left empty has the one of
 * the room's main guest 1, and that guest, left empty, the one of room 1's main guest 1. The form
 * says so in each empty choice; the review shows every guest's. Applied to the rooms as typed, so
 * the browser's check and the server's read them alike.
 */
export function followFirstNationality(rooms: unknown) {
  if (!Array.isArray(rooms)) return rooms;
  const nationalityOf = (guest: TypedGuest) =>
    typeof guest?.nationality === "string" && guest.nationality ? guest.nationality : undefined;
  const requestFirst = nationalityOf((rooms[0] as TypedRoom)?.guests?.[0]);
  return rooms.map((typed: TypedRoom) => {
    if (!typed || typeof typed !== "object") return typed;
    const roomFirst = nationalityOf(typed.guests?.[0]) ?? requestFirst;
    const follow = (guest: TypedGuest) =>
      guest && typeof guest === "object" && !nationalityOf(guest) && roomFirst
        ? { ...guest, nationality: roomFirst }
        : guest;
    const room: Record<string, unknown> = { ...typed };
    for (const list of ["guests", ...EXTRA_KINDS] as const)
      if (Array.isArray(typed[list])) room[list] = typed[list]!.map(follow);
    return room;
  });
}
export type RoomsStepValue = z.output<ReturnType<typeof roomsStepSchema>>;
export type RoomValue = RoomsStepValue["rooms"][number];

/** A room's guests in the order the provider lists them: main guests, then each extra. */
export function guestsOfRoom(room: RoomValue) {
  return (
    [
      ["mainGuest", room.guests],
      ["extraBed", room.extraBed],
      ["childWithBed", room.childWithBed],
      ["childNoBed", room.childNoBed],
    ] as const
  ).flatMap(([type, guests]) => guests.map((guest) => ({ type, guest })));
}

/** A new room of a type: its main guests as empty rows (gender Female by default). */
export function newRoom(roomType: WizardRoomType) {
  return {
    roomTypeId: String(roomType.typeId),
    guests: Array.from({ length: roomType.baseCapacity }, () => ({ gender: "Female" })),
  };
}

/* ---------- The draft ---------- */

export type Draft = {
  /** One-time key of the final submit; a new one after each successful submit. */
  submitKey: string;
  /** The portal session that last worked on it: another one is offered to continue or start over. */
  sessionId: string | null;
  updatedAt: string;
  hotel: (HotelStepValue & HotelFacts) | null;
  rooms: RoomsStepValue | null;
  flights: (FlightsStepValue & FlightFacts) | null;
  /** What the user typed in a step not yet saved as valid (list buttons without JS, a search). */
  input: Partial<Record<"hotel" | "rooms" | "flights", unknown>>;
  /** The hotel `input.rooms` was made for (a request booked again), before step 1 is saved. */
  roomsInputHotel?: number;
};

/** What the wizard remembers of the chosen hotel, to show and to send. */
type HotelFacts = {
  accommodationPackageId: number;
  hotelId: number;
  hotelName: string;
  hotelGrade: number;
  hotelPlace: string;
  currency: string;
};

export type FlightFacts = {
  airports: {
    arrival: { origin: ResolvedAirport; destination: ResolvedAirport };
    departure: { origin: ResolvedAirport; destination: ResolvedAirport };
  };
  airlines: Record<string, { iata: string; name: string; latinName: string }>;
};

export function stepIsNeeded(step: WizardStep, draft: Draft) {
  return step !== "flights" || Boolean(draft.hotel?.needTransfer);
}

export function stepIsDone(step: WizardStep, draft: Draft) {
  switch (step) {
    case "hotel":
      return Boolean(draft.hotel);
    case "rooms":
      return Boolean(draft.rooms);
    case "flights":
      return Boolean(draft.flights);
    case "review":
      return false;
  }
}

/** The first step that still needs the user: where the wizard opens, and where locked steps send. */
export function firstOpenStep(draft: Draft): WizardStep {
  return (
    WIZARD_STEPS.find((step) => stepIsNeeded(step, draft) && !stepIsDone(step, draft)) ?? "review"
  );
}

export function stepIsUnlocked(step: WizardStep, draft: Draft) {
  const index = WIZARD_STEPS.indexOf(step);
  return WIZARD_STEPS.slice(0, index).every(
    (earlier) => !stepIsNeeded(earlier, draft) || stepIsDone(earlier, draft),
  );
}

/* ---------- Form defaults from the draft, in the user's calendar ---------- */

export function hotelFormDefaults(draft: Draft, language: string) {
  if (draft.input.hotel)
    return typedValuesFor(draft.input.hotel as Record<string, unknown>, language);
  const hotel = draft.hotel;
  if (!hotel) return { needTransfer: false };
  return {
    propertyId: String(hotel.propertyId),
    checkIn: formatDateInput(hotel.checkIn, language),
    checkOut: formatDateInput(hotel.checkOut, language),
    needTransfer: hotel.needTransfer ? "on" : undefined,
    description: hotel.description,
    agencyRef: hotel.agencyRef,
  };
}

const guestDefaults = (guest: GuestValue, language: string) => ({
  ...guest,
  dateOfBirth: formatDateInput(guest.dateOfBirth, language),
});

export function roomsFormDefaults(draft: Draft, language: string) {
  if (draft.input.rooms)
    return typedValuesFor(draft.input.rooms as Record<string, unknown>, language);
  if (!draft.rooms) return { rooms: [] };
  return {
    rooms: draft.rooms.rooms.map((room) => ({
      roomTypeId: String(room.roomTypeId),
      guests: room.guests.map((guest) => guestDefaults(guest, language)),
      extraBed: room.extraBed.map((guest) => guestDefaults(guest, language)),
      childWithBed: room.childWithBed.map((guest) => guestDefaults(guest, language)),
      childNoBed: room.childNoBed.map((guest) => guestDefaults(guest, language)),
    })),
  };
}

export function flightsFormDefaults(draft: Draft, language: string) {
  if (draft.input.flights)
    return typedValuesFor(draft.input.flights as Record<string, unknown>, language);
  if (!draft.flights) return {};
  const flight = (value: FlightValue) => ({
    ...value,
    // An airline typed by its code is in its own field; the list shows none chosen.
    airline: value.otherAirline ? undefined : value.airline,
    takeOffDate: formatDateInput(value.takeOffDate, language),
    landingDate: value.landingDate ? formatDateInput(value.landingDate, language) : undefined,
  });
  return { arrival: flight(draft.flights.arrival), departure: flight(draft.flights.departure) };
}
