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
import {
  FlightsFields,
  useFlightSummaryFields,
  type FlightsFormInput,
} from "~/components/wizard/flight-fields";
import { airlineOptions, resolveFlights } from "~/utils/wizard/flights.server";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { switchedLanguage } from "~/utils/forms/language-switch.server";
import { LanguageSwitchInForm, type TypedFormHandle } from "~/components/layout/language-switch";
import { orProviderErrorPage, providerErrorReply } from "~/utils/http/provider-errors.server";
import { flightsFormDefaults } from "~/utils/wizard/reservation-wizard";
import { flightsStepSchema, type FlightsStepValue } from "~/utils/wizard/flights-step";
import {
  loadWizard,
  nextStepUrl,
  requireStep,
  typedInputOf,
} from "~/utils/wizard/reservation-wizard.server";
import { continueWithItsData, dataBroughtFor } from "~/utils/wizard/continue";
import { continueTo } from "~/utils/wizard/continue.server";

/** Step 3, Flight Info (only with a transfer): the arrival and the departure flight. */

export const handle: TypedFormHandle = { typedForm: "wizard-flights" };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const wizard = await loadWizard(request, context, params);
  requireStep(wizard, "flights");
  const language = context.language;
  const airlines = await orProviderErrorPage(context, airlineOptions(wizard.provider, language));
  return {
    airlines,
    resolved: wizard.draft.flights?.airports ?? null,
    defaults: flightsFormDefaults(wizard.draft, language),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { request, params, context } = args;
  const formData = await readForm(request, context);
  const wizard = await loadWizard(request, context, params);
  requireStep(wizard, "flights");
  const language = context.language;
  const t = context.translator();
  const submission = parseTypedForm(formData, { schema: flightsStepSchema(language) });
  const switched = await switchedLanguage(context, formData, submission.payload);
  if (switched) {
    // The language switched halfway through the step: what was typed is kept, unvalidated.
    await wizard.save({
      ...wizard.draft,
      input: { ...wizard.draft.input, flights: typedInputOf(submission.payload) },
    });
    return data(switched.result, { headers: switched.headers });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const value = submission.value;

  let resolved;
  try {
    resolved = await resolveFlights(wizard.provider, value, t);
  } catch (error) {
    return providerErrorReply(context, error, submission);
  }
  if ("fieldErrors" in resolved)
    return data(submission.reply({ fieldErrors: resolved.fieldErrors }), { status: 400 });
  const draft = await wizard.save({
    ...wizard.draft,
    flights: { ...value, ...resolved.facts },
    input: { ...wizard.draft.input, flights: undefined },
  });
  return continueTo(args, formData, nextStepUrl(wizard, draft, "flights"));
}

/** With JS a Continue's answer brings the next step: the page moves on without asking again. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  continueWithItsData(serverAction<typeof action>);

// With JS the step may come with the Continue that leads to it (decision 044).
export const clientLoader = dataBroughtFor("step");

export default function FlightsStep() {
  const { airlines, resolved, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof clientAction>();
  const { i18n } = useTranslation("wizard");
  const schema = flightsStepSchema(i18n.language);
  const [form, fields] = useForm<FlightsFormInput, FlightsStepValue>({
    id: "wizard-flights",
    lastResult,
    defaultValue: defaults as unknown as FlightsFormInput,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const allFields = useFlightSummaryFields(fields);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
      <AuthenticityTokenInput name="csrf" />
      {/* Sent by the hydrated page: the answer may bring the next step (decision 044). */}
      <EnhancedInput />
      <ErrorSummary form={form} fields={allFields} />
      <FlightsFields fields={fields} airlines={airlines} resolved={resolved} />
      <ContinueButton />
      <LanguageSwitchInForm />
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
