import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Form,
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EnhancedInput, ErrorSummary } from "~/components/forms";
import { ContinueButton } from "~/components/wizard/continue-button";
import { LanguageSwitchInForm, type TypedFormHandle } from "~/components/layout/language-switch";
import { RoomsFields, type RoomsFormInput } from "~/components/wizard/rooms-fields";
import { countryOptions } from "~/utils/wizard/countries.server";
import { travellersFoundFor, travellerSearchIn } from "~/utils/travellers/traveller-search.server";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { switchedLanguage } from "~/utils/forms/language-switch.server";
import { currencySigns } from "~/utils/provider/client.server";
import { getHotelRoomTypes } from "~/utils/provider/hotels.server";
import { orProviderErrorPage } from "~/utils/http/provider-errors.server";
import {
  roomsFormDefaults,
  roomsStepSchema,
  type RoomsStepValue,
} from "~/utils/wizard/reservation-wizard";
import {
  loadWizard,
  nextStepUrl,
  requireStep,
  roomTypeViews,
  typedInputOf,
} from "~/utils/wizard/reservation-wizard.server";
import { continueWithItsData, dataBroughtFor } from "~/utils/wizard/continue";
import { continueTo } from "~/utils/wizard/continue.server";

/**
 * Step 2, Choose Rooms and Guests: rooms of the hotel's types, each with its main guests and the
 * extras its type allows. Add room, add or remove an extra guest and delete room are buttons the
 * server handles without JS (conform list intents), and instant with JS. So is "Find a traveller"
 * beside each guest (travellers booked before): the form's own post without JS, a lookup with it.
 */

export const handle: TypedFormHandle = { typedForm: "wizard-rooms" };

async function stepContext({ request, params, context }: LoaderFunctionArgs) {
  const wizard = await loadWizard(request, context, params);
  requireStep(wizard, "rooms");
  const hotel = wizard.draft.hotel!;
  const { language } = context;
  const [property, signs] = await Promise.all([
    orProviderErrorPage(context, getHotelRoomTypes(wizard.provider, hotel.propertyId)),
    currencySigns(wizard.provider),
  ]);
  const sign = signs.get(hotel.currency);
  return { wizard, hotel, language, sign, roomTypes: property.roomTypes };
}

export async function loader(args: LoaderFunctionArgs) {
  const { wizard, hotel, language, sign, roomTypes } = await stepContext(args);
  return {
    checkIn: hotel.checkIn,
    countries: countryOptions(language),
    roomTypes: roomTypeViews(roomTypes, hotel.currency, language, hotel, sign),
    estimateIn: {
      stay: { checkIn: hotel.checkIn, checkOut: hotel.checkOut },
      currency: hotel.currency,
      sign,
    },
    defaults: roomsFormDefaults(wizard.draft, language),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const formData = await readForm(request, context);
  const findFor = travellerSearchIn(formData);
  const { wizard, hotel, language, roomTypes } = await stepContext(args);
  const submission = parseTypedForm(formData, {
    schema: roomsStepSchema({ language, checkIn: hotel.checkIn, roomTypes }),
  });
  const switched = await switchedLanguage(context, formData, submission.payload);
  if (switched) {
    // The language switched halfway through the step: kept as an unfinished step, as typed.
    await wizard.save({
      ...wizard.draft,
      rooms: null,
      input: { ...wizard.draft.input, rooms: typedInputOf(submission.payload) },
    });
    return data({ result: switched.result, travellers: null }, { headers: switched.headers });
  }
  if (!submission.status) {
    // A list button or a traveller search without JS: keep everything typed, here and across a
    // restart.
    // The draft written and the travellers asked for at once: neither waits for the other.
    const [, travellers] = await Promise.all([
      wizard.save({
        ...wizard.draft,
        rooms: null,
        input: { ...wizard.draft.input, rooms: typedInputOf(submission.payload) },
      }),
      travellersFoundFor(findFor, formData, wizard.provider, context),
    ]);
    return data({ result: submission.reply(), travellers });
  }
  if (submission.status !== "success")
    return data({ result: submission.reply(), travellers: null }, { status: 400 });
  const draft = await wizard.save({
    ...wizard.draft,
    rooms: submission.value,
    input: { ...wizard.draft.input, rooms: undefined },
  });
  return continueTo(args, formData, nextStepUrl(wizard, draft, "rooms"));
}

/** With JS a Continue's answer brings the next step: the page moves on without asking again. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  continueWithItsData(serverAction<typeof action>);

// With JS the step may come with the Continue that leads to it (decision 044).
export const clientLoader = dataBroughtFor("step");

export default function RoomsStep() {
  const { checkIn, countries, roomTypes, estimateIn, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>();
  const { t, i18n } = useTranslation("wizard");
  const schema = roomsStepSchema({ language: i18n.language, checkIn, roomTypes });
  const [form, fields] = useForm<RoomsFormInput, RoomsStepValue>({
    id: "wizard-rooms",
    lastResult: actionData?.result,
    defaultValue: defaults as unknown as RoomsFormInput,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
      <AuthenticityTokenInput name="csrf" />
      {/* Sent by the hydrated page: the answer may bring the next step (decision 044). */}
      <EnhancedInput />
      <ErrorSummary form={form} fields={[]} />

      <RoomsFields
        form={form}
        fields={fields}
        roomTypes={roomTypes}
        countries={countries}
        estimateIn={estimateIn}
        enterSubmits={t("continueDefault")}
        travellers={actionData?.travellers}
      />
      <ContinueButton />
      <LanguageSwitchInForm />
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
