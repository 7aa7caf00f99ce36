import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type {
  ActionFunctionArgs,
  AppLoadContext,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
  type Params,
} from "@remix-run/react";
import { continueWithItsData } from "~/utils/wizard/continue";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ModifyFrame, modifyScreenHandle } from "~/components/modify-frame";
import { RoomsFields, type RoomsFormInput } from "~/components/wizard/rooms-fields";
import type { GuestTravellerSearch } from "~/components/wizard/traveller-finder";
import { countryOptions } from "~/utils/wizard/countries.server";
import { travellersFoundFor, travellerSearchIn } from "~/utils/travellers/traveller-search.server";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { getHotelRoomTypes } from "~/utils/provider/hotels.server";
import { changeRequestRooms, validatePrices } from "~/utils/provider/reserve-requests.server";
import { formatMoney } from "~/utils/format/numbers";
import { orProviderErrorPage } from "~/utils/http/provider-errors.server";
import {
  answerChange,
  changeFrame,
  loadRequestChange,
} from "~/utils/requests/request-change.server";
import { roomsStepSchema, type RoomsStepValue } from "~/utils/wizard/reservation-wizard";
import {
  pricedRoom,
  roomRequestsPayload,
  roomsFormValuesOf,
  roomTypeViews,
} from "~/utils/wizard/reservation-wizard.server";

export const handle = modifyScreenHandle("modify-rooms");

/**
 * Modify rooms: the request's rooms and guests in the wizard's rooms form, with its rules (room
 * type capacity, allowed extras, child ages at check-in); sent as a whole. Rooms the provider
 * prices differently are sent only once the clerk has seen the new price.
 */

async function roomsChange(request: Request, context: AppLoadContext, params: Params) {
  const change = await loadRequestChange(request, context, params, "Rooms");
  // The hotel's room types need the hotel, which only the request names.
  const property = await orProviderErrorPage(
    context,
    getHotelRoomTypes(change.provider, change.summary.AccommodationPropertyId),
  );
  return { ...change, roomTypes: property.roomTypes, currency: property.currency };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { language, summary, permission, roomTypes, currency } = await roomsChange(
    request,
    context,
    params,
  );
  const t = context.translator("requests");
  const stay =
    summary.CheckInDate && summary.CheckoutDate
      ? { checkIn: summary.CheckInDate, checkOut: summary.CheckoutDate }
      : null;
  return {
    title: t("modify.roomsTitle"),
    frame: changeFrame(summary, permission),
    checkIn: summary.CheckInDate ?? "",
    countries: countryOptions(language),
    roomTypes: roomTypeViews(roomTypes, currency, language, stay, summary.Currency.Sign),
    estimateIn: stay ? { stay, currency, sign: summary.Currency.Sign } : undefined,
    defaults: roomsFormValuesOf(summary, language),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  const findFor = travellerSearchIn(formData);
  const { provider, requestId, language, summary, permission, roomTypes } = await roomsChange(
    request,
    context,
    params,
  );
  const submission = parseTypedForm(formData, {
    schema: roomsStepSchema({ language, checkIn: summary.CheckInDate ?? "", roomTypes }),
  });
  const travellers = await travellersFoundFor(findFor, formData, provider, context);
  if (travellers) return data({ result: submission.reply(), confirmation: null, travellers });
  const t = context.translator("requests");
  const money = (amount: number) =>
    formatMoney(amount, summary.Currency.Code, language, summary.Currency.Sign);
  return answerChange({
    request,
    context,
    formData,
    submission,
    permission,
    // Rooms that change the price are sent only once the clerk has seen the provider's new one.
    confirmFirst: async (value) => {
      const priced = await validatePrices(provider, {
        AccommodationPropertyId: summary.AccommodationPropertyId,
        AccommodationPackageId: summary.AccommodationPackageId,
        CheckInDate: summary.CheckInDate ?? "",
        CheckOutDate: summary.CheckoutDate ?? "",
        ReserveRoomRequests: value.rooms.map(pricedRoom),
      });
      if (priced.totalPrice === summary.TotalPrice) return null;
      return {
        key: String(priced.totalPrice),
        message: t("modify.newPrice", {
          price: money(priced.totalPrice),
          current: money(summary.TotalPrice),
        }),
      };
    },
    send: (value) =>
      changeRequestRooms(provider, {
        Id: requestId,
        ReserveRoomRequests: roomRequestsPayload(value.rooms, roomTypes),
      }),
  });
}

// After a submit the page leaves for the requests list: its data is not fetched again.

/** With JS the change's answer brings the requests list: the page moves on without asking again. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  continueWithItsData(serverAction<typeof action>);

export default function ModifyRooms() {
  const { title, frame, checkIn, countries, roomTypes, estimateIn, defaults } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>();
  const { t, i18n } = useTranslation("requests");
  const schema = roomsStepSchema({ language: i18n.language, checkIn, roomTypes });
  const [form, fields] = useForm<RoomsFormInput, RoomsStepValue>({
    id: "modify-rooms",
    lastResult: actionData?.result,
    defaultValue: defaults as unknown as RoomsFormInput,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <ModifyFrame title={title} frame={frame} confirmation={actionData?.confirmation} form={form}>
      <RoomsFields
        form={form}
        fields={fields}
        roomTypes={roomTypes}
        countries={countries}
        estimateIn={estimateIn}
        enterSubmits={t("modify.submit")}
        travellers={(actionData as { travellers?: GuestTravellerSearch } | undefined)?.travellers}
      />
      <p className="text-sm text-gray-700">{t("modify.reinvoice")}</p>
    </ModifyFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
