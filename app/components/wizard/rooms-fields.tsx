import type { FieldMetadata, useForm } from "@conform-to/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { EnterSubmitsForm, FieldErrors, IntentButton } from "~/components/forms";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { GuestFields, type GuestInput } from "~/components/wizard/guest-fields";
import { TravellerFinder, type GuestTravellerSearch } from "~/components/wizard/traveller-finder";
import { cx } from "~/utils/ui/misc";
import { formatMoney, localizeDigits } from "~/utils/format/numbers";
import {
  chosenRoomOf,
  estimateRequest,
  type ChosenRoom,
  type RoomEstimate,
  type RoomTypePricing,
  type Stay,
} from "~/utils/wizard/estimate";
import {
  EXTRA_KINDS,
  extraAllowed,
  followFirstNationality,
  newRoom,
  type ExtraKind,
  type RoomRules,
  type RoomsStepValue,
} from "~/utils/wizard/reservation-wizard";
import { InlineValues } from "~/components/ui/inline-values";

/**
 * The rooms-and-guests form: the hotel's room types to add from, then each room with its main
 * guests and the extras its type allows. Add room, add or remove an extra guest and delete room
 * are conform list buttons: the server handles them without JS, the browser at once with JS.
 * The wizard's step 2 and the modify-rooms screen share it.
 */

/** A room type as the server prepares it for this form: prices already written out. */
export type RoomTypeView = {
  typeId: number;
  name: string;
  baseCapacity: number;
  rules: RoomRules;
  board: string;
  view: string;
  price: string;
  extraPrices: Record<ExtraKind, string>;
  /** The figures the running estimate is made from. */
  pricing: RoomTypePricing;
};

/** The stay and currency a running estimate is priced in; none when the stay is not known. */
export type EstimateContext = { stay: Stay; currency: string; sign?: string };

export type RoomsFormInput = { rooms: RoomInput[] };
type RoomsForm = ReturnType<typeof useForm<RoomsFormInput, RoomsStepValue>>;
export type RoomsFormMetadata = RoomsForm[0];

export function RoomsFields({
  form,
  fields,
  roomTypes,
  countries,
  estimateIn,
  enterSubmits,
  travellers = null,
}: {
  form: RoomsForm[0];
  fields: RoomsForm[1];
  roomTypes: RoomTypeView[];
  countries: Array<{ value: string; label: string }>;
  estimateIn?: EstimateContext;
  /** The traveller search a page without JS asked for, shown beside its guest. */
  travellers?: GuestTravellerSearch | null;
  /** What the form's own submit button does: Enter in a field does it, not "Add a room". */
  enterSubmits: string;
}) {
  const { t, i18n } = useTranslation("wizard");
  const rooms = fields.rooms.getFieldList();
  // Worked out on every render: as the clerk adds rooms and extras with JS, and on every round
  // trip without it.
  const estimate = estimateIn
    ? estimateRequest(
        roomTypes.map((roomType) => roomType.pricing),
        rooms.map(formRoomOf),
        estimateIn.stay,
      )
    : null;
  // The nationalities as the schema reads them: an empty one follows the room's first guest.
  const resolvedRooms = followFirstNationality(rooms.map((room) => room.value)) as unknown[];
  const money = (amount: number) =>
    formatMoney(amount, estimateIn!.currency, i18n.language, estimateIn!.sign);
  return (
    <>
      <Card title={t("rooms.catalogue")} headingLevel={2}>
        <EnterSubmitsForm>{enterSubmits}</EnterSubmitsForm>
        <ul className="grid gap-3 md:grid-cols-2" data-testid="room-types">
          {roomTypes.map((roomType) => (
            <li
              key={roomType.typeId}
              className="flex flex-col gap-2 rounded border border-gray-200 p-3 text-sm"
            >
              <p className="font-semibold">
                <bdi>{roomType.name}</bdi>
              </p>
              <p>
                <InlineValues values={[roomType.board, roomType.view]} />
              </p>
              <p>
                <InlineValues
                  values={[
                    t("rooms.capacity", {
                      count: roomType.baseCapacity,
                      number: localizeDigits(roomType.baseCapacity, i18n.language),
                    }),
                    t("rooms.perNight", { price: roomType.price }),
                  ]}
                />
              </p>
              <p className="text-xs text-gray-600">
                {allowedExtras(roomType, (key, options) => t(key, options ?? {}))}
              </p>
              <IntentButton
                intent={form.insert.getButtonProps({
                  name: fields.rooms.name,
                  defaultValue: newRoom(roomType),
                })}
                className={buttonClasses("secondary", "self-start")}
              >
                {t("rooms.add", { name: roomType.name })}
              </IntentButton>
            </li>
          ))}
        </ul>
        <FieldErrors id={fields.rooms.errorId} errors={fields.rooms.errors} />
      </Card>

      {rooms.length === 0 ? (
        <p className="text-sm text-gray-700">{t("rooms.none")}</p>
      ) : (
        rooms.map((room, index) => {
          const roomFields = room.getFieldset();
          const resolved = resolvedRooms[index] as Partial<RoomInput> | undefined;
          const roomType = roomTypes.find(
            (entry) =>
              String(entry.typeId) ===
              String(roomFields.roomTypeId.value ?? roomFields.roomTypeId.initialValue),
          );
          return (
            <RoomCard
              key={room.key}
              index={index}
              room={room}
              roomType={roomType}
              countries={countries}
              form={form}
              roomsName={fields.rooms.name}
              estimate={estimate?.rooms[index] ?? null}
              money={money}
              resolved={resolved}
              travellers={travellers}
            />
          );
        })
      )}
      {estimate && rooms.length > 0 ? (
        <RequestEstimate
          rooms={rooms.length}
          nights={estimate.rooms.find(Boolean)?.nights ?? 0}
          total={money(estimate.total)}
        />
      ) : null}
    </>
  );
}

/** The whole request's estimate, spoken again when it changes. */
function RequestEstimate({
  rooms,
  nights,
  total,
}: {
  rooms: number;
  nights: number;
  total: string;
}) {
  const { t, i18n } = useTranslation("wizard");
  return (
    <section
      aria-labelledby="request-estimate"
      className="rounded border-s-4 border-primary bg-primary-light p-4"
      data-testid="request-estimate"
    >
      <h2 id="request-estimate" className="font-semibold">
        {t("estimate.heading")}
      </h2>
      <p role="status" className="mt-1 text-lg">
        {t("estimate.total", {
          count: rooms,
          rooms: localizeDigits(rooms, i18n.language),
          nights: nightsText(t, nights, i18n.language),
          total,
        })}
      </p>
      <p className="mt-1 text-sm text-gray-700">{t("estimate.caveat")}</p>
    </section>
  );
}

function nightsText(t: TFunction, nights: number, language: string) {
  return t("estimate.nights", { count: nights, number: localizeDigits(nights, language) });
}

/** A room of the form as typed so far, as the estimate sees it. */
function formRoomOf(room: FieldMetadata<RoomInput>): ChosenRoom {
  const roomTypeId = room.getFieldset().roomTypeId;
  return chosenRoomOf({
    ...(room.value as Partial<RoomInput> | undefined),
    roomTypeId: roomTypeId.value ?? roomTypeId.initialValue,
  });
}

type RoomInput = {
  roomTypeId: string;
  guests: GuestInput[];
  extraBed: GuestInput[];
  childWithBed: GuestInput[];
  childNoBed: GuestInput[];
};

function allowedExtras(
  roomType: RoomTypeView,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  const allowed = EXTRA_KINDS.filter((kind) =>
    extraAllowed(roomType.rules, kind, { extraBed: false, childWithBed: false, childNoBed: false }),
  );
  if (!allowed.length) return t("rooms.noExtras");
  const list = allowed
    .map((kind) => t(`extras.${kind}`) + ` (${roomType.extraPrices[kind]})`)
    .join(t("common:listSeparator"));
  const together =
    roomType.rules.extraBedIsAllowed &&
    roomType.rules.childWithBedIsAllowed &&
    !roomType.rules.extraBedAndChildWithBedAreAllowedTogether;
  return `${t("rooms.extrasAllowed", { list })}${together ? ` ${t("rooms.notTogether")}` : ""}`;
}

function isComplete(room: Partial<RoomInput> | undefined) {
  const guests = [
    ...(room?.guests ?? []),
    ...(room?.extraBed ?? []),
    ...(room?.childWithBed ?? []),
    ...(room?.childNoBed ?? []),
  ];
  return (
    guests.length > 0 &&
    guests.every(
      (guest) =>
        guest?.firstName &&
        guest.lastName &&
        guest.dateOfBirth &&
        guest.passportNumber &&
        guest.nationality,
    )
  );
}

function RoomCard({
  index,
  room,
  roomType,
  countries,
  form,
  roomsName,
  estimate,
  money,
  resolved,
  travellers,
}: {
  index: number;
  room: FieldMetadata<RoomInput>;
  roomType: RoomTypeView | undefined;
  countries: Array<{ value: string; label: string }>;
  form: RoomsFormMetadata;
  roomsName: string;
  estimate: RoomEstimate | null;
  money: (amount: number) => string;
  resolved: Partial<RoomInput> | undefined;
  travellers: GuestTravellerSearch | null;
}) {
  const { t, i18n } = useTranslation("wizard");
  const roomFields = room.getFieldset();
  // Spec: each room's form validity is tracked. A value refused anywhere in the room (a child's
  // age outside its band, a passport number) keeps the badge off green, with JS and without.
  const refused = Object.keys(room.allErrors).length > 0;
  const status = refused ? "refused" : isComplete(resolved) ? "complete" : "incomplete";
  const chosen = formRoomOf(room).extras;
  const number = localizeDigits(index + 1, i18n.language);
  return (
    <div data-testid={`room-${index + 1}`}>
      <Card
        headingLevel={2}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span>
              {t("rooms.room", { number })}: <bdi>{roomType?.name ?? "?"}</bdi>
            </span>{" "}
            <span
              data-testid="room-status"
              data-status={status}
              className={cx(
                "rounded-full px-2 py-0.5 text-xs font-medium",
                status === "complete" && "bg-green-100 text-green-900",
                status === "incomplete" && "bg-amber-100 text-amber-900",
                status === "refused" && "bg-red-100 text-red-900",
              )}
            >
              {t(`rooms.${status}`)}
            </span>
          </span>
        }
      >
        <div className="flex flex-col gap-3">
          <input
            type="hidden"
            name={roomFields.roomTypeId.name}
            value={String(roomFields.roomTypeId.value ?? roomFields.roomTypeId.initialValue ?? "")}
          />
          {roomType ? (
            <p className="text-sm text-gray-700">
              <InlineValues values={[roomType.board, roomType.view]} />
            </p>
          ) : null}
          {estimate ? (
            <p className="text-sm" data-testid="room-estimate">
              {t(estimate.extras ? "estimate.roomWithExtras" : "estimate.room", {
                total: money(estimate.total),
                nights: nightsText(t, estimate.nights, i18n.language),
                stay: money(estimate.stay),
                extras: money(estimate.extras),
              })}
            </p>
          ) : null}
          <FieldErrors id={roomFields.roomTypeId.errorId} errors={roomFields.roomTypeId.errors} />
          {roomFields.guests.getFieldList().map((guest, guestIndex) => (
            <GuestFields
              key={guest.key}
              meta={guest}
              countries={countries}
              legend={t("guest.main", { number: localizeDigits(guestIndex + 1, i18n.language) })}
              nationalityFollows={
                guestIndex > 0 ? "roomFirst" : index > 0 ? "requestFirst" : undefined
              }
              finder={<TravellerFinder form={form} guest={guest} search={travellers} />}
            />
          ))}
          <FieldErrors id={roomFields.guests.errorId} errors={roomFields.guests.errors} />
          {EXTRA_KINDS.map((kind) => (
            <ExtraGuest
              key={kind}
              kind={kind}
              list={roomFields[kind]}
              offered={Boolean(roomType && extraAllowed(roomType.rules, kind, chosen))}
              price={roomType?.extraPrices[kind]}
              countries={countries}
              form={form}
              travellers={travellers}
            />
          ))}
          <div>
            <IntentButton
              intent={form.remove.getButtonProps({ name: roomsName, index })}
              className={buttonClasses("quiet")}
            >
              {t("rooms.delete", { number })}
            </IntentButton>
          </div>
        </div>
      </Card>
    </div>
  );
}

/** An extra guest: its fields and a remove button when added; an add button when the type allows it. */
function ExtraGuest({
  kind,
  list,
  offered,
  price,
  countries,
  form,
  travellers,
}: {
  kind: ExtraKind;
  list: FieldMetadata<GuestInput[]>;
  offered: boolean;
  price?: string;
  countries: Array<{ value: string; label: string }>;
  form: RoomsFormMetadata;
  travellers: GuestTravellerSearch | null;
}) {
  const { t } = useTranslation("wizard");
  const [guest] = list.getFieldList();
  if (guest) {
    return (
      <div className="flex flex-col gap-2">
        <GuestFields
          meta={guest}
          countries={countries}
          legend={t(`extras.${kind}`)}
          nationalityFollows="roomFirst"
          finder={<TravellerFinder form={form} guest={guest} search={travellers} />}
        />
        <IntentButton
          intent={form.remove.getButtonProps({ name: list.name, index: 0 })}
          className={buttonClasses("quiet", "self-start")}
        >
          {t("rooms.removeExtra", { extra: t(`extras.${kind}`) })}
        </IntentButton>
        <FieldErrors id={list.errorId} errors={list.errors} />
      </div>
    );
  }
  if (!offered) return <FieldErrors id={list.errorId} errors={list.errors} />;
  return (
    <div>
      <IntentButton
        intent={form.insert.getButtonProps({ name: list.name, defaultValue: { gender: "Female" } })}
        className={buttonClasses("secondary")}
      >
        {t("rooms.addExtra", { extra: t(`extras.${kind}`), price })}
      </IntentButton>
      <FieldErrors id={list.errorId} errors={list.errors} />
    </div>
  );
}
