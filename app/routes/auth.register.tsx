import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { Card } from "~/components/ui/card";
import { ErrorSummary, SelectField, TextareaField, TextField } from "~/components/forms";
import { NewPasswordFields } from "~/components/new-password-fields";
import { StatusButton } from "~/components/ui/button";
import { anonymousProvider, requireAnonymous } from "~/utils/session/auth.server";
import { countryOptions } from "~/utils/wizard/countries.server";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { useIsPending } from "~/utils/ui/misc";
import { registerAgency } from "~/utils/provider/agency.server";
import { providerErrorReply } from "~/utils/http/provider-errors.server";
import { countAgainstLimit, waitMessage } from "~/utils/limits/rate-limit.server";
import { env } from "~/utils/runtime/env.server";
import {
  emailAddress,
  passwordRule,
  phoneNumber,
  requiredText,
  userName,
} from "~/utils/forms/validation";
import { throttledClientOf, throttledNetworkOf } from "~/utils/limits/client-address.server";
import { metrics } from "~/utils/runtime/metrics.server";

export const registrationSchema = z
  .object({
    agencyName: requiredText(100),
    managerFirstName: requiredText(50),
    managerLastName: requiredText(50),
    phone: phoneNumber,
    email: emailAddress,
    country: requiredText(2).regex(/^[A-Z]{2}$/, "validation.format"),
    city: requiredText(60),
    address: requiredText(300),
    username: userName,
    password: passwordRule,
    confirmPassword: z.string({ required_error: "validation.required" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsDontMatch",
  });

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  const t = context.translator("auth");
  const language = context.language;
  return { title: t("register.title"), countries: countryOptions(language) };
}

/** Which form field each CreateAgencyDTO field comes from, to place the provider's field errors. */
const REGISTRATION_FIELD_NAMES = {
  AgencyName: "agencyName",
  ManagerFirstName: "managerFirstName",
  ManagerLastName: "managerLastName",
  PhoneNumber: "phone",
  Email: "email",
  CountryCode: "country",
  City: "city",
  Address: "address",
  UserName: "username",
  Password: "password",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  const submission = parseTypedForm(formData, { schema: registrationSchema });
  const secrets = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: secrets }), { status: 400 });
  }
  // Anonymous and costly: a few a client a day, a ceiling a network, then a translated 429. No
  // count in all: a crowd of addresses could spend it, and a real agency would meet someone
  // else's quota. Past its network's ceiling an agency is given the provider's phone: it may
  // meet a quota others spent, and must not be left with nowhere to turn.
  const overClient = await countAgainstLimit(
    "registrationPerClient",
    throttledClientOf(context.clientAddress),
  );
  const overNetwork =
    overClient === null
      ? await countAgainstLimit("registrationPerNetwork", throttledNetworkOf(context.clientAddress))
      : null;
  if (overClient !== null || overNetwork !== null) {
    metrics.registration("limited");
    const message =
      overClient !== null
        ? waitMessage(context.translator(), context.language, "errors.tooManyRequests", overClient)
        : context.translator("auth")("register.networkLimited", { phone: env.SUPPORT_PHONE });
    return data(submission.reply({ formErrors: [message], hideFields: secrets }), { status: 429 });
  }
  const value = submission.value;
  try {
    await registerAgency(anonymousProvider(request, context), {
      AgencyName: value.agencyName,
      ManagerFirstName: value.managerFirstName,
      ManagerLastName: value.managerLastName,
      PhoneNumber: value.phone,
      Email: value.email,
      CountryCode: value.country,
      City: value.city,
      Address: value.address,
      UserName: value.username,
      Password: value.password,
    });
  } catch (error) {
    metrics.registration("failed");
    return providerErrorReply(context, error, submission, {
      hideFields: secrets,
      fieldNames: REGISTRATION_FIELD_NAMES,
    });
  }
  metrics.registration("sent");
  return redirect("/auth/register-success");
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const { countries } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm({
    id: "register",
    lastResult,
    constraint: getZodConstraint(registrationSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registrationSchema }),
  });
  const labelled = [
    { meta: fields.agencyName, label: t("register.agencyName") },
    { meta: fields.managerFirstName, label: t("register.managerFirstName") },
    { meta: fields.managerLastName, label: t("register.managerLastName") },
    { meta: fields.phone, label: t("register.phone") },
    { meta: fields.email, label: t("register.email") },
    { meta: fields.country, label: t("register.country") },
    { meta: fields.city, label: t("register.city") },
    { meta: fields.address, label: t("register.address") },
    { meta: fields.username, label: t("register.username") },
    { meta: fields.password, label: t("register.password") },
    { meta: fields.confirmPassword, label: t("register.confirmPassword") },
  ];

  return (
    <Card title={t("register.heading")} headingLevel={1}>
      <p className="mb-4 text-sm text-gray-700">{t("register.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <ErrorSummary form={form} fields={labelled} />
        <AuthenticityTokenInput name="csrf" />
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="mb-2 font-semibold">{t("register.agencySection")}</legend>
          <TextField
            meta={fields.agencyName}
            label={t("register.agencyName")}
            autoComplete="organization"
            className="md:col-span-2"
          />
          <TextField
            meta={fields.managerFirstName}
            label={t("register.managerFirstName")}
            autoComplete="given-name"
          />
          <TextField
            meta={fields.managerLastName}
            label={t("register.managerLastName")}
            autoComplete="family-name"
          />
          <TextField
            meta={fields.phone}
            label={t("register.phone")}
            type="tel"
            autoComplete="tel"
            dir="ltr"
            hint={t("register.phoneHint")}
          />
          <TextField
            meta={fields.email}
            label={t("register.email")}
            type="email"
            autoComplete="email"
            dir="ltr"
          />
          <SelectField
            meta={fields.country}
            label={t("register.country")}
            options={countries}
            placeholder={t("register.chooseCountry")}
          />
          <TextField meta={fields.city} label={t("register.city")} autoComplete="address-level2" />
          <TextareaField
            meta={fields.address}
            label={t("register.address")}
            className="md:col-span-2"
          />
        </fieldset>
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="mb-2 font-semibold">{t("register.accountSection")}</legend>
          <TextField
            meta={fields.username}
            label={t("register.username")}
            autoComplete="username"
            dir="ltr"
            hint={t("register.usernameHint")}
            className="md:col-span-2"
          />
          <NewPasswordFields
            password={fields.password}
            confirmation={fields.confirmPassword}
            passwordLabel={t("register.password")}
            confirmationLabel={t("register.confirmPassword")}
          />
        </fieldset>
        <div className="flex flex-wrap items-center gap-4">
          <StatusButton pending={isPending} disabled={isPending}>
            {t("register.submit")}
          </StatusButton>{" "}
          <Link to="/auth/login" className="text-sm text-primary-dark underline">
            {t("register.backToLogin")}
          </Link>
        </div>
      </Form>
    </Card>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);
