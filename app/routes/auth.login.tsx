import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { randomUUID } from "node:crypto";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { Card } from "~/components/ui/card";
import { ErrorSummary, TextField } from "~/components/forms";
import { StatusButton } from "~/components/ui/button";
import { anonymousProvider, requireAnonymous, startSession } from "~/utils/session/auth.server";
import { knownDeviceOf, rememberDevice } from "~/utils/session/device-cookie.server";
import { browserOf } from "~/utils/session/csrf.server";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { waitMessage } from "~/utils/limits/rate-limit.server";
import { startSignInAttempt } from "~/utils/limits/sign-in-throttle.server";
import { useIsPending } from "~/utils/ui/misc";
import { ProviderError } from "~/utils/provider/request.server";
import { requestToken } from "~/utils/provider/token.server";
import { providerErrorReply } from "~/utils/http/provider-errors.server";
import { existingPassword, requiredText } from "~/utils/forms/validation";
import { metrics } from "~/utils/runtime/metrics.server";
import { createToastHeaders } from "~/utils/session/toast.server";

export const loginSchema = z.object({
  username: requiredText(50),
  password: existingPassword,
  redirectTo: z.string().optional(),
});

const LOGIN_ERRORS: Record<string, string> = {
  invalid_grant: "login.invalidCredentials",
  access_pending: "login.accessPending",
};

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  const t = context.translator("auth");
  return { title: t("login.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  const submission = parseTypedForm(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { username, password, redirectTo } = submission.value;
  const attempt = await startSignInAttempt({
    clientAddress: context.clientAddress,
    userName: username,
    knownDevice: await knownDeviceOf(request, username),
    browser: await browserOf(request),
  });
  const t = context.translator("auth");
  // A known browser counted as unknown: someone failed from it, or from the user's other
  // browsers; its clerk is told what to do about it.
  const demotedNote = attempt.demotedDevice ? [t("login.deviceDemoted")] : [];
  const lockedFor = attempt.lockedForMinutes;
  if (lockedFor !== null) {
    metrics.signIn("throttled");
    const message = waitMessage(t, context.language, "login.tooManyAttempts", lockedFor);
    return data(
      submission.reply({ formErrors: [message, ...demotedNote], hideFields: ["password"] }),
      { status: 429 },
    );
  }
  try {
    const token = await requestToken(anonymousProvider(request, context), {
      username,
      password,
      requestReference: randomUUID(),
    });
    await attempt.succeed();
    metrics.signIn("succeeded");
    const signedIn = await startSession(context, {
      token,
      userName: username,
      redirectTo: redirectTo ?? null,
    });
    // This browser is a known device of the user from now on (sign-in-throttle.server.ts).
    const device = await rememberDevice(request, username);
    if (device) signedIn.headers.append("Set-Cookie", device);
    if (attempt.demotedDevice)
      for (const [name, value] of await createToastHeaders({
        type: "error",
        message: t("login.deviceDemoted"),
      }))
        signedIn.headers.append(name, value);
    return signedIn;
  } catch (error) {
    // The token endpoint speaks OAuth: its known error codes get the user's language (decision 004).
    const translated =
      error instanceof ProviderError ? LOGIN_ERRORS[error.providerCode ?? ""] : undefined;
    // Only wrong credentials count against the client and the username.
    const wrongCredentials =
      error instanceof ProviderError && error.providerCode === "invalid_grant";
    metrics.signIn(wrongCredentials ? "failed" : "error");
    if (wrongCredentials) await attempt.fail();
    else await attempt.release();
    if (translated) {
      return data(
        submission.reply({
          formErrors: [t(translated), ...demotedNote],
          hideFields: ["password"],
        }),
        { status: 400 },
      );
    }
    return providerErrorReply(context, error, submission, { hideFields: ["password"] });
  }
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const isPending = useIsPending();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    defaultValue: { redirectTo: searchParams.get("redirectTo") ?? "" },
  });

  return (
    <Card title={t("login.heading")} headingLevel={1} className="mx-auto max-w-md">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <ErrorSummary
          form={form}
          fields={[
            { meta: fields.username, label: t("login.username") },
            { meta: fields.password, label: t("login.password") },
          ]}
        />
        <AuthenticityTokenInput name="csrf" />
        <input
          type="hidden"
          name={fields.redirectTo.name}
          value={fields.redirectTo.initialValue ?? ""}
        />
        <TextField
          meta={fields.username}
          label={t("login.username")}
          autoComplete="username"
          dir="ltr"
        />
        <TextField
          meta={fields.password}
          label={t("login.password")}
          type="password"
          autoComplete="current-password"
          dir="ltr"
        />
        <StatusButton pending={isPending} disabled={isPending}>
          {t("login.submit")}
        </StatusButton>
      </Form>
      <p className="mt-6 text-sm text-gray-700">
        {t("login.noAccount")}{" "}
        <Link to="/auth/register" className="text-primary-dark underline">
          {t("login.requestAccess")}
        </Link>
      </p>
    </Card>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);
