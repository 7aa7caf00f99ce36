import {
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type Submission,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import {
  Form,
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DateField } from "~/components/date-picker";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  EnhancedInput,
  EnterSubmitsForm,
  ErrorSummary,
  FieldErrors,
  SelectField,
  TextareaField,
  TextField,
} from "~/components/forms";
import { CheckboxField } from "~/components/checkbox-field";
import { Button } from "~/components/ui/button";
import { Apart } from "~/components/ui/apart";
import { Card } from "~/components/ui/card";
import { StarRating } from "~/components/ui/star-rating";
import { ContinueButton } from "~/components/wizard/continue-button";
import { LanguageSwitchInForm, type TypedFormHandle } from "~/components/layout/language-switch";
import { formatDate } from "~/utils/format/dates";
import { providerToday } from "~/utils/format/provider-clock.server";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { languageAskedBy, switchedLanguage } from "~/utils/forms/language-switch.server";
import { localizeDigits, moneyIn } from "~/utils/format/numbers";
import { currencySigns } from "~/utils/provider/client.server";
import { getPackages } from "~/utils/provider/packages.server";
import { getPackageHotels, type PackageHotel } from "~/utils/provider/hotels.server";
import { orProviderErrorPage, providerErrorReply } from "~/utils/http/provider-errors.server";
import { hotelFormDefaults } from "~/utils/wizard/reservation-wizard";
import {
  hotelFiltersSchema,
  hotelStepSchema,
  type HotelFilters,
  type HotelStepInput,
  type HotelStepValue,
} from "~/utils/wizard/hotel-step";
import {
  loadWizard,
  nextStepUrl,
  requireStep,
  typedInputOf,
  type Wizard,
} from "~/utils/wizard/reservation-wizard.server";
import { getOrder } from "~/utils/provider/orders.server";
import { env } from "~/utils/runtime/env.server";
import { findLocations, type GeoLocation } from "~/utils/provider/geo.server";
import { SuggestingTextField } from "~/components/wizard/suggestions";
import { InlineValues } from "~/components/ui/inline-values";
import { continueWithItsData } from "~/utils/wizard/continue";
import { continueTo } from "~/utils/wizard/continue.server";

/** Step 1, Choose Hotel: a package hotel (searchable), the stay's dates, transfer, notes. */

const FILTER_FIELDS = ["packageId", "place", "location", "grade", "name"] as const;

function filtersOf(url: URL): HotelFilters {
  return hotelFiltersSchema.parse(Object.fromEntries(url.searchParams));
}

/**
 * Whether a hotel's place is one the typed text names: a place the geo service matches (its
 * spellings), or one that holds the text. A geo service that fails leaves the second.
 */
async function placesNamed(wizard: Wizard, typed: string) {
  const matched = await findLocations(wizard.provider, typed).then(
    (locations) => locations.map((location) => location.name.toLowerCase()),
    (): string[] => [],
  );
  const text = typed.toLowerCase();
  return (place: string) =>
    matched.includes(place.toLowerCase()) || place.toLowerCase().includes(text);
}

/**
 * The one currency of the order a request is being added to, or null for a new request or a
 * provider whose orders mix currencies (ORDER_SINGLE_CURRENCY). An order the provider cannot give
 * now leaves the hotels unmarked: the provider still refuses a mismatch at the submit.
 */
async function orderCurrencyOf(wizard: Wizard) {
  if (!wizard.orderId || !env.ORDER_SINGLE_CURRENCY) return null;
  return getOrder(wizard.provider, wizard.orderId).then(
    (order) => order.Currency,
    () => null,
  );
}

export const handle: TypedFormHandle = { typedForm: "wizard-hotel" };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const wizard = await loadWizard(request, context, params);
  requireStep(wizard, "hotel");
  const filters = filtersOf(new URL(request.url));
  const language = context.language;
  const { location, ...providerFilters } = filters;
  const filtered = Object.values(providerFilters).some((value) => value !== undefined);
  const [[packages, everyHotel, matching], signs, orderCurrency, places] = await Promise.all([
    orProviderErrorPage(
      context,
      Promise.all([
        getPackages(wizard.provider),
        getPackageHotels(wizard.provider),
        filtered
          ? getPackageHotels(wizard.provider, {
              accommodationPackageId: filters.packageId ? Number(filters.packageId) : undefined,
              hotelPlace: filters.place,
              hotelGrade: filters.grade ? Number(filters.grade) : undefined,
              hotelName: filters.name,
            })
          : null,
      ]),
    ),
    currencySigns(wizard.provider),
    orderCurrencyOf(wizard),
    location ? placesNamed(wizard, location) : null,
  ]);
  const money = moneyIn(language, signs);
  const chosenId = wizard.draft.hotel?.propertyId;
  const shown = (matching ?? everyHotel).filter((hotel) => !places || places(hotel.hotelPlace));
  // The hotel already chosen stays on the list, whatever the search.
  const chosen = everyHotel.find((hotel) => hotel.accommodationPropertyId === chosenId);
  const listed = shown.some((hotel) => hotel.accommodationPropertyId === chosenId);
  const hotels = chosen && !listed ? [chosen, ...shown] : shown;
  return {
    today: providerToday(),
    filters,
    packages: packages.map((pkg) => ({
      value: String(pkg.accommodationPackageId),
      label: pkg.title,
    })),
    places: [...new Set(everyHotel.map((hotel) => hotel.hotelPlace))].sort(),
    hotels: hotels.map((hotel) => ({
      id: hotel.accommodationPropertyId,
      name: hotel.hotelName,
      grade: hotel.hotelGrade,
      place: hotel.hotelPlace,
      packageTitle: hotel.title ?? "",
      minPrice: money(hotel.minPrice, hotel.currency),
      available: `${formatDate(hotel.availableSince, language)} – ${formatDate(hotel.availableUntil, language)}`,
      onSale: !hotel.isInActive,
      // Adding to an order: a hotel selling in another currency cannot join it.
      otherCurrency:
        orderCurrency && hotel.currency !== orderCurrency
          ? { hotel: hotel.currency, order: orderCurrency }
          : null,
    })),
    defaults: { ...hotelFormDefaults(wizard.draft, language), ...filters },
  };
}

export async function action(args: ActionFunctionArgs) {
  const { request, params, context } = args;
  const formData = await readForm(request, context);
  const wizard = await loadWizard(request, context, params);
  requireStep(wizard, "hotel");
  const language = context.language;

  const languageAsked = languageAskedBy(formData);
  if (formData.get("intent") === "search" || languageAsked) {
    // Searching or a language switch keeps what was typed (without JS the page reloads). The
    // step's saved value stays: rooms and guests hang on it until another hotel is chosen.
    const typed = typedInputOf(Object.fromEntries(formData));
    await wizard.save({ ...wizard.draft, input: { ...wizard.draft.input, hotel: typed } });
    const switched = await switchedLanguage(context, formData, typed);
    if (switched) return data(switched.result, { headers: switched.headers });
    // The search goes in the URL.
    const search = new URLSearchParams();
    for (const field of FILTER_FIELDS) {
      const value = String(formData.get(field) ?? "").trim();
      if (value) search.set(field, value);
    }
    throw redirect(`${wizard.base}/hotel${search.size ? `?${search}` : ""}`);
  }

  const today = providerToday();
  const submission = parseTypedForm(formData, { schema: hotelStepSchema(language, today) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { packageId: _p, place: _pl, grade: _g, name: _n, ...value } = submission.value;

  let hotel: PackageHotel | undefined;
  let orderCurrency: string | null;
  try {
    [[hotel], orderCurrency] = await Promise.all([
      getPackageHotels(wizard.provider, { propertyId: value.propertyId }),
      orderCurrencyOf(wizard),
    ]);
  } catch (error) {
    return providerErrorReply(context, error, submission);
  }
  const t = context.translator("common");
  if (!hotel || hotel.isInActive)
    return data(submission.reply({ fieldErrors: { propertyId: ["validation.chooseHotel"] } }), {
      status: 400,
    });
  // Refused here, with the reason, rather than at the submit after every guest is typed.
  if (orderCurrency && hotel.currency !== orderCurrency) {
    const message = t("validation.orderCurrency", {
      hotel: hotel.hotelName,
      currency: hotel.currency,
      orderCurrency,
    });
    return data(submission.reply({ fieldErrors: { propertyId: [message] } }), { status: 400 });
  }
  if (value.checkIn < hotel.availableSince || value.checkOut > hotel.availableUntil) {
    const message = t("validation.outsideAvailability", {
      from: formatDate(hotel.availableSince, language, "long"),
      until: formatDate(hotel.availableUntil, language, "long"),
    });
    const field = value.checkIn < hotel.availableSince ? "checkIn" : "checkOut";
    return data(submission.reply({ fieldErrors: { [field]: [message] } }), { status: 400 });
  }

  const sameHotel = wizard.draft.hotel?.propertyId === hotel.accommodationPropertyId;
  // A request booked again brings its rooms as typed values, for its hotel only.
  const roomsBroughtFor = wizard.draft.roomsInputHotel === hotel.accommodationPropertyId;
  const draft = await wizard.save({
    ...wizard.draft,
    hotel: {
      ...value,
      accommodationPackageId: hotel.accommodationPackageId,
      hotelId: hotel.hotelId,
      hotelName: hotel.hotelName,
      hotelGrade: hotel.hotelGrade,
      hotelPlace: hotel.hotelPlace,
      currency: hotel.currency,
    },
    // Another hotel has other room types: the rooms (and their guests' input) start again.
    rooms: sameHotel ? wizard.draft.rooms : null,
    input: sameHotel
      ? { ...wizard.draft.input, hotel: undefined }
      : roomsBroughtFor
        ? { rooms: wizard.draft.input.rooms }
        : {},
    roomsInputHotel: undefined,
  });
  return continueTo(args, formData, nextStepUrl(wizard, draft, "hotel"));
}

/** With JS a Continue's answer brings the next step: the page moves on without asking again. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  continueWithItsData(serverAction<typeof action>);

export default function HotelStep() {
  const { today, packages, places, hotels, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof clientAction>();
  const { t, i18n } = useTranslation("wizard");
  const schema = hotelStepSchema(i18n.language, today);
  const [form, fields] = useForm<HotelStepInput, HotelStepValue>({
    id: "wizard-hotel",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // A search only needs its own fields (never failing): the stay is checked on Continue.
    onValidate: ({ formData }) =>
      formData.get("intent") === "search"
        ? (parseWithZod(formData, { schema: hotelFiltersSchema }) as unknown as Submission<
            HotelStepInput,
            string[],
            HotelStepValue
          >)
        : parseWithZod(formData, { schema }),
  });
  const datePlaceholder = t(i18n.language === "fa" ? "datePlaceholderJalali" : "datePlaceholder");
  return (
    <Card title={t("hotel.heading")} headingLevel={2}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <AuthenticityTokenInput name="csrf" />
        {/* Sent by the hydrated page: the answer may bring the next step (decision 044). */}
        <EnhancedInput />
        <ErrorSummary
          form={form}
          fields={[
            { meta: fields.propertyId, label: t("hotel.hotel") },
            { meta: fields.checkIn, label: t("hotel.checkIn") },
            { meta: fields.checkOut, label: t("hotel.checkOut") },
            { meta: fields.description, label: t("hotel.description") },
            { meta: fields.agencyRef, label: t("hotel.agencyRef") },
          ]}
        />

        <fieldset className="grid gap-3 rounded border border-gray-200 p-3 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="px-1 text-sm font-semibold">{t("hotel.search")}</legend>
          <SelectField
            meta={fields.packageId}
            label={t("hotel.package")}
            placeholder={t("hotel.any")}
            options={packages}
          />
          <SelectField
            meta={fields.place}
            label={t("hotel.place")}
            placeholder={t("hotel.any")}
            options={places.map((place) => ({ value: place, label: place }))}
          />
          <SelectField
            meta={fields.grade}
            label={t("hotel.grade")}
            placeholder={t("hotel.any")}
            options={[5, 4, 3, 2, 1].map((grade) => ({
              value: String(grade),
              label: t("common:stars", {
                count: grade,
                grade: localizeDigits(grade, i18n.language),
              }),
            }))}
          />
          {/* A place typed, looked up in the geo service (the select above stays for JS off). */}
          <SuggestingTextField<GeoLocation>
            meta={fields.location as FieldMetadata<unknown>}
            label={t("hotel.location")}
            path="/reservations/locations"
            option={(place) => ({ value: place.name, label: place.country })}
          />
          <TextField meta={fields.name} label={t("hotel.name")} />
          <div className="sm:col-span-2 lg:col-span-4">
            <EnterSubmitsForm>{t("continueDefault")}</EnterSubmitsForm>
            <Button type="submit" name="intent" value="search" variant="secondary">
              {t("hotel.searchButton")}
            </Button>
          </div>
        </fieldset>

        <fieldset
          aria-describedby={fields.propertyId.errors ? fields.propertyId.errorId : undefined}
        >
          <legend className="mb-2 font-semibold" id={fields.propertyId.id}>
            {t("hotel.hotel")}
          </legend>
          <NoHotelOption meta={fields.propertyId} />
          {hotels.length === 0 ? (
            <p className="text-sm text-gray-700">{t("hotel.noneFound")}</p>
          ) : (
            <ul className="grid gap-2 md:grid-cols-2" data-testid="hotel-options">
              {hotels.map((hotel) => (
                <li key={hotel.id}>
                  <HotelOption
                    meta={fields.propertyId}
                    value={String(hotel.id)}
                    bookable={hotel.onSale && !hotel.otherCurrency}
                  >
                    <span className="flex flex-col gap-1 text-sm">
                      <Apart>
                        <span className="font-semibold">
                          <bdi>{hotel.name}</bdi>
                        </span>
                        <span className="flex flex-wrap items-center gap-2">
                          <StarRating grade={hotel.grade} />{" "}
                          <span>
                            <InlineValues values={[hotel.place, hotel.packageTitle]} />
                          </span>
                        </span>
                        <span>
                          {hotel.onSale
                            ? t("hotel.fromPrice", { price: hotel.minPrice })
                            : t("hotel.notOnSale")}
                        </span>
                        {hotel.otherCurrency ? (
                          <span className="font-medium text-red-800" data-testid="other-currency">
                            {t("hotel.otherCurrency", {
                              currency: hotel.otherCurrency.hotel,
                              orderCurrency: hotel.otherCurrency.order,
                            })}
                          </span>
                        ) : null}
                        <span className="text-xs text-gray-600">
                          {t("hotel.available", { period: hotel.available })}
                        </span>
                      </Apart>
                    </span>
                  </HotelOption>
                </li>
              ))}
            </ul>
          )}
          <FieldErrors id={fields.propertyId.errorId} errors={fields.propertyId.errors} />
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <DateField
            meta={fields.checkIn}
            label={t("hotel.checkIn")}
            hint={datePlaceholder}
            reserveErrorLine
            picker={{ today, min: today }}
          />
          <DateField
            meta={fields.checkOut}
            label={t("hotel.checkOut")}
            hint={datePlaceholder}
            reserveErrorLine
            picker={{ today, min: { after: fields.checkIn.id }, rangeFrom: fields.checkIn.id }}
          />
        </div>
        <CheckboxField meta={fields.needTransfer} label={t("hotel.needTransfer")} />
        <TextField
          meta={fields.agencyRef}
          label={t("hotel.agencyRef")}
          hint={t("hotel.agencyRefHint")}
        />
        <TextareaField meta={fields.description} label={t("hotel.description")} />
        <ContinueButton />
        <LanguageSwitchInForm />
      </Form>
    </Card>
  );
}

/**
 * One hotel of the radio group, its description as the label. The input keeps no conform key: a
 * key that changes with the form's state would replace it while the arrow keys move through the
 * group, and lose the focus.
 */
function HotelOption({
  meta,
  value,
  bookable,
  children,
}: {
  meta: FieldMetadata<number>;
  value: string;
  /** On sale, and (adding to an order) in the order's currency. */
  bookable: boolean;
  children: React.ReactNode;
}) {
  const { key: _key, ...props } = getInputProps(meta, { type: "radio", value });
  return (
    <label
      className={
        bookable
          ? "flex cursor-pointer gap-3 rounded border border-gray-300 p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-light"
          : "flex gap-3 rounded border border-gray-200 p-3 text-gray-500"
      }
    >
      {/* conform gives every radio the field's id, which the group's legend holds. */}
      <input {...props} id={`${meta.id}-${value}`} disabled={!bookable} className="mt-1 h-4 w-4" />
      {children}
    </label>
  );
}

/**
 * "No hotel chosen", checked until a hotel is: a browser that ticks a group's first radio when none
 * is (lynx) would otherwise choose the first hotel for the clerk. The stylesheet hides it; sent, it
 * is a hotel left unchosen.
 */
function NoHotelOption({ meta }: { meta: FieldMetadata<number> }) {
  const { t } = useTranslation("wizard");
  const chosen = meta.initialValue !== undefined && meta.initialValue !== "";
  return (
    <label className="hidden">
      <input type="radio" name={meta.name} form={meta.formId} value="" defaultChecked={!chosen} />{" "}
      {t("hotel.noneChosen")}
    </label>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
