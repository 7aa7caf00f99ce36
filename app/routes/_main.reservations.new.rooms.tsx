import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EnterSubmitsForm, ErrorSummary, FieldErrors } from "~/components/forms";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ContinueButton } from "~/components/wizard/continue-button";
import { GuestFields, type GuestInput } from "~/components/wizard/guest-fields";
import { countryOptions } from "~/utils/countries.server";
import { readForm } from "~/utils/form-data.server";
import { i18nServer } from "~/utils/i18n.server";
import { cx } from "~/utils/misc";
import { formatMoney, localizeDigits } from "~/utils/numbers";
import { getHotelRoomTypes } from "~/utils/provider/hotels.server";
import { orProviderErrorPage } from "~/utils/provider-errors.server";
import {
  EXTRA_KINDS,
  extraAllowed,
  newRoom,
  roomsFormDefaults,
  roomsStepSchema,
  type ExtraKind,
  type RoomsStepValue,
} from "~/utils/reservation-wizard";
import { loadWizard, nextStepUrl, requireStep } from "~/utils/reservation-wizard.server";

/**
 * Step 2, Choose Rooms and Guests: rooms of the hotel's types, each with its main guests and the
 * extras its type allows. Add room, add or remove an extra guest and delete room are buttons the
 * server handles without JS (conform list intents), and instant with JS.
 */

async function stepContext(request: Request, params: LoaderFunctionArgs["params"]) {
  const wizard = await loadWizard(request, params);
  requireStep(wizard, "rooms");
  const hotel = wizard.draft.hotel!;
  const [language, property] = await Promise.all([
    i18nServer.getLocale(request),
    orProviderErrorPage(request, getHotelRoomTypes(wizard.provider, hotel.propertyId)),
  ]);
  return { wizard, hotel, language, roomTypes: property.roomTypes };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { wizard, hotel, language, roomTypes } = await stepContext(request, params);
  const money = (amount: number) => formatMoney(amount, hotel.currency, language);
  return {
    checkIn: hotel.checkIn,
    countries: countryOptions(language),
    roomTypes: roomTypes.map((roomType) => ({
      typeId: roomType.typeId,
      name: roomType.name,
      baseCapacity: roomType.baseCapacity,
      rules: roomType.rules,
      board: roomType.roomService,
      view: roomType.roomView,
      price: money(roomType.basePrice),
      extraPrices: {
        extraBed: money(roomType.prices.extraBedPrice),
        childWithBed: money(roomType.prices.childWithBedPrice),
        childNoBed: money(roomType.prices.childNoBedPrice),
      },
    })),
    defaults: roomsFormDefaults(wizard.draft, language),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const { wizard, hotel, language, roomTypes } = await stepContext(request, params);
  const submission = parseWithZod(formData, {
    schema: roomsStepSchema({ language, checkIn: hotel.checkIn, roomTypes }),
  });
  if (!submission.status) {
    // A list button without JS: keep everything typed, here and across a restart.
    await wizard.save({
      ...wizard.draft,
      rooms: null,
      input: { ...wizard.draft.input, rooms: submission.payload },
    });
    return data(submission.reply());
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const draft = await wizard.save({
    ...wizard.draft,
    rooms: submission.value,
    input: { ...wizard.draft.input, rooms: undefined },
  });
  throw redirect(nextStepUrl(wizard, draft, "rooms"));
}

type RoomTypeView = Awaited<ReturnType<typeof loader>>["roomTypes"][number];

export default function RoomsStep() {
  const { checkIn, countries, roomTypes, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t, i18n } = useTranslation("wizard");
  const schema = roomsStepSchema({ language: i18n.language, checkIn, roomTypes });
  const [form, fields] = useForm<{ rooms: RoomInput[] }, RoomsStepValue>({
    id: "wizard-rooms",
    lastResult,
    defaultValue: defaults as unknown as { rooms: RoomInput[] },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const rooms = fields.rooms.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
      <EnterSubmitsForm>{t("continue")}</EnterSubmitsForm>
      <AuthenticityTokenInput name="csrf" />
      <ErrorSummary formErrors={form.errors} formErrorId={form.errorId} fields={[]} />

      <Card title={t("rooms.catalogue")} headingLevel={2}>
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
                <bdi>{roomType.board}</bdi> · <bdi>{roomType.view}</bdi>
              </p>
              <p>
                {t("rooms.capacity", {
                  count: roomType.baseCapacity,
                  number: localizeDigits(roomType.baseCapacity, i18n.language),
                })}{" "}
                · {t("rooms.perNight", { price: roomType.price })}
              </p>
              <p className="text-xs text-gray-600">
                {allowedExtras(roomType, (key, options) => t(key, options ?? {}))}
              </p>
              <button
                {...form.insert.getButtonProps({
                  name: fields.rooms.name,
                  defaultValue: newRoom(roomType),
                })}
                className={buttonClasses("secondary", "self-start")}
              >
                {t("rooms.add", { name: roomType.name })}
              </button>
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
            />
          );
        })
      )}
      <ContinueButton />
    </Form>
  );
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

type WizardForm = ReturnType<typeof useForm<{ rooms: RoomInput[] }, RoomsStepValue>>[0];

function RoomCard({
  index,
  room,
  roomType,
  countries,
  form,
  roomsName,
}: {
  index: number;
  room: FieldMetadata<RoomInput>;
  roomType: RoomTypeView | undefined;
  countries: Array<{ value: string; label: string }>;
  form: WizardForm;
  roomsName: string;
}) {
  const { t, i18n } = useTranslation("wizard");
  const roomFields = room.getFieldset();
  const value = room.value as Partial<RoomInput> | undefined;
  const complete = isComplete(value);
  const chosen = {
    extraBed: (value?.extraBed?.length ?? 0) > 0,
    childWithBed: (value?.childWithBed?.length ?? 0) > 0,
    childNoBed: (value?.childNoBed?.length ?? 0) > 0,
  };
  const number = localizeDigits(index + 1, i18n.language);
  return (
    <div data-testid={`room-${index + 1}`}>
      <Card
        headingLevel={2}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span>
              {t("rooms.room", { number })}: <bdi>{roomType?.name ?? "?"}</bdi>
            </span>
            <span
              data-testid="room-status"
              className={cx(
                "rounded-full px-2 py-0.5 text-xs font-medium",
                complete ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900",
              )}
            >
              {complete ? t("rooms.complete") : t("rooms.incomplete")}
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
              <bdi>{roomType.board}</bdi> · <bdi>{roomType.view}</bdi>
            </p>
          ) : null}
          <FieldErrors id={roomFields.roomTypeId.errorId} errors={roomFields.roomTypeId.errors} />
          {roomFields.guests.getFieldList().map((guest, guestIndex) => (
            <GuestFields
              key={guest.key}
              meta={guest}
              countries={countries}
              legend={t("guest.main", { number: localizeDigits(guestIndex + 1, i18n.language) })}
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
            />
          ))}
          <div>
            <button
              {...form.remove.getButtonProps({ name: roomsName, index })}
              className={buttonClasses("quiet")}
            >
              {t("rooms.delete", { number })}
            </button>
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
}: {
  kind: ExtraKind;
  list: FieldMetadata<GuestInput[]>;
  offered: boolean;
  price?: string;
  countries: Array<{ value: string; label: string }>;
  form: WizardForm;
}) {
  const { t } = useTranslation("wizard");
  const [guest] = list.getFieldList();
  if (guest) {
    return (
      <div className="flex flex-col gap-2">
        <GuestFields meta={guest} countries={countries} legend={t(`extras.${kind}`)} />
        <button
          {...form.remove.getButtonProps({ name: list.name, index: 0 })}
          className={buttonClasses("quiet", "self-start")}
        >
          {t("rooms.removeExtra", { extra: t(`extras.${kind}`) })}
        </button>
        <FieldErrors id={list.errorId} errors={list.errors} />
      </div>
    );
  }
  if (!offered) return <FieldErrors id={list.errorId} errors={list.errors} />;
  return (
    <div>
      <button
        {...form.insert.getButtonProps({ name: list.name, defaultValue: { gender: "Female" } })}
        className={buttonClasses("secondary")}
      >
        {t("rooms.addExtra", { extra: t(`extras.${kind}`), price })}
      </button>
      <FieldErrors id={list.errorId} errors={list.errors} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
