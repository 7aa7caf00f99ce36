import { getFormProps, useForm, type Submission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { Card } from "~/components/ui/card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, TextField } from "~/components/forms";
import { NewPasswordFields } from "~/components/new-password-fields";
import { Button, StatusButton } from "~/components/ui/button";
import { randomUUID } from "node:crypto";
import {
  anonymousProvider,
  endSession,
  HOME_PATH,
  LOGIN_PATH,
  renewSessionAlone,
  requireProvider,
  requireUserName,
} from "~/utils/session/auth.server";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { useIsPending } from "~/utils/ui/misc";
import { changePassword } from "~/utils/provider/users.server";
import { requestToken } from "~/utils/provider/token.server";
import { providerErrorReply } from "~/utils/http/provider-errors.server";
import { countFailedPasswordCheck } from "~/utils/limits/sign-in-throttle.server";
import { ProviderError } from "~/utils/provider/request.server";
import { recordStore } from "~/utils/wizard/draft-store.server";
import { env } from "~/utils/runtime/env.server";
import { metrics } from "~/utils/runtime/metrics.server";
import { redirectWithToast } from "~/utils/session/toast.server";
import { forgetDevices, rememberDevice } from "~/utils/session/device-cookie.server";
import { existingPassword, passwordRule } from "~/utils/forms/validation";

export const handle = { i18n: ["common", "account"] };

export const changePasswordSchema = z
  .object({
    currentPassword: existingPassword,
    newPassword: passwordRule,
    confirmPassword: z.string({ required_error: "validation.required" }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsDontMatch",
  });

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];
/** A clerk mistypes her current password once or twice; a third time in a session ends it. */
const WRONG_PASSWORDS_PER_SESSION = 3;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProvider(request, context);
  const t = context.translator("account");
  return { title: t("changePassword.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const provider = await requireProvider(request, context);
  const formData = await readForm(request, context);
  const submission = parseTypedForm(formData, { schema: changePasswordSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  }
  const userName = await requireUserName(request, context);
  const t = context.translator("account");
  // The current password is checked as a sign-in is (POST /token): its answer tells a wrong
  // password from every other refusal, as the password change's own 400 does not.
  try {
    await requestToken(anonymousProvider(request, context), {
      username: userName,
      password: submission.value.currentPassword,
      requestReference: randomUUID(),
    });
  } catch (error) {
    if (!(error instanceof ProviderError && error.providerCode === "invalid_grant")) {
      metrics.passwordChange("error");
      return providerErrorReply(context, error, submission, { hideFields: PASSWORD_FIELDS });
    }
    return wrongCurrentPassword(context, submission, userName);
  }
  try {
    await changePassword(provider, {
      CurrentPassword: submission.value.currentPassword,
      NewPassword: submission.value.newPassword,
      ConfirmPassword: submission.value.confirmPassword,
    });
  } catch (error) {
    metrics.passwordChange("error");
    return providerErrorReply(context, error, submission, {
      hideFields: PASSWORD_FIELDS,
      fieldNames: {
        CurrentPassword: "currentPassword",
        NewPassword: "newPassword",
        ConfirmPassword: "confirmPassword",
      },
    });
  }
  metrics.passwordChange("changed");
  // The provider refuses the tokens of a user whose password changed: sign in again with the new
  // one. Should that fail, the change still happened, and the clerk is told to sign in with it.
  let token: string;
  try {
    token = await requestToken(anonymousProvider(request, context), {
      username: userName,
      password: submission.value.newPassword,
      requestReference: randomUUID(),
    });
  } catch (error) {
    console.error("Signing in again after a password change failed:", error);
    return endSession(context, LOGIN_PATH, t("changePassword.signInAgain"));
  }
  // Every other session of the user ends, and every browser it signed in from becomes unknown to
  // the sign-in throttle; this browser goes on in a new session, a known device again.
  await forgetDevices(userName);
  const headers = new Headers({ "Set-Cookie": await renewSessionAlone(context, token) });
  const device = await rememberDevice(request, userName);
  if (device) headers.append("Set-Cookie", device);
  return redirectWithToast(
    HOME_PATH,
    { type: "success", message: t("changePassword.success") },
    { headers },
  );
}

/**
 * A wrong current password: a failed sign-in of the user name (the throttle's count), and after
 * WRONG_PASSWORDS_PER_SESSION of them the session that keeps guessing is over. No count shared by
 * the user's sessions: the clerk's own change with the right password always goes through.
 */
async function wrongCurrentPassword(
  context: ActionFunctionArgs["context"],
  submission: Submission<unknown>,
  userName: string,
) {
  const t = context.translator("account");
  await countFailedPasswordCheck(userName, context.clientAddress);
  const session = await context.session();
  const failures = await recordStore.increment(
    `password-check-failures:${session.id}`,
    env.SESSION_MAX_HOURS * 3600,
  );
  metrics.passwordChange("wrong_password");
  if (failures >= WRONG_PASSWORDS_PER_SESSION) {
    metrics.passwordChange("session_ended");
    return endSession(context, LOGIN_PATH, t("changePassword.signedOut"));
  }
  return data(
    submission.reply({
      fieldErrors: { currentPassword: [t("changePassword.wrongCurrent")] },
      hideFields: PASSWORD_FIELDS,
    }),
    { status: 400 },
  );
}

export default function ChangePasswordPage() {
  const { t } = useTranslation("account");
  const lastResult = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <div className="flex flex-col gap-6">
      <Card title={t("changePassword.heading")} headingLevel={1} className="max-w-lg">
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <ErrorSummary
            form={form}
            fields={[
              { meta: fields.currentPassword, label: t("changePassword.current") },
              { meta: fields.newPassword, label: t("changePassword.new") },
              { meta: fields.confirmPassword, label: t("changePassword.confirm") },
            ]}
          />
          <AuthenticityTokenInput name="csrf" />
          <TextField
            meta={fields.currentPassword}
            label={t("changePassword.current")}
            type="password"
            autoComplete="current-password"
            dir="ltr"
          />
          <NewPasswordFields
            password={fields.newPassword}
            confirmation={fields.confirmPassword}
            passwordLabel={t("changePassword.new")}
            confirmationLabel={t("changePassword.confirm")}
          />
          <StatusButton pending={isPending} disabled={isPending} className="self-start">
            {t("changePassword.submit")}
          </StatusButton>
        </Form>
      </Card>
      <SignOutEverywhere />
    </div>
  );
}

/** Every session of the user ends, this one too (`auth.logout.tsx`). */
function SignOutEverywhere() {
  const { t } = useTranslation("account");
  return (
    <Card title={t("signOutEverywhere.heading")} headingLevel={2} className="max-w-lg">
      <Form method="post" action="/auth/logout" className="flex flex-col gap-4">
        <AuthenticityTokenInput name="csrf" />
        <p>{t("signOutEverywhere.intro")}</p>
        <Button
          type="submit"
          name="intent"
          value="everywhere"
          variant="secondary"
          className="self-start"
        >
          {t("signOutEverywhere.heading")}
        </Button>
      </Form>
    </Card>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
