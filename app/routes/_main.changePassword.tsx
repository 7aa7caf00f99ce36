import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { Card } from "~/components/ui/card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, NewPasswordFields, TextField } from "~/components/forms";
import { StatusButton } from "~/components/ui/button";
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
import { readForm } from "~/utils/forms/form-data.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { useIsPending } from "~/utils/ui/misc";
import { changePassword } from "~/utils/provider/users.server";
import { requestToken } from "~/utils/provider/token.server";
import { providerErrorReply } from "~/utils/http/provider-errors.server";
import { countAgainstLimit, waitMessage } from "~/utils/limits/rate-limit.server";
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

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProvider(request, context);
  const t = context.translator("account");
  return { title: t("changePassword.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const provider = await requireProvider(request, context);
  const formData = await readForm(request, context);
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  }
  // Whoever holds a session must not guess its user's password: a few tries a session, a few
  // more a user, counted apart from sign-ins. A signed-in session's own check, never an unknown
  // device's: an outsider's failed sign-ins at the user name never block it.
  const userName = await requireUserName(request, context);
  const session = await context.session();
  const wait =
    (await countAgainstLimit("passwordChangesPerSession", session.id)) ??
    (await countAgainstLimit("passwordChangesPerUser", userName));
  if (wait !== null) {
    const message = waitMessage(
      context.translator("account"),
      context.language,
      "changePassword.tooManyAttempts",
      wait,
    );
    return data(submission.reply({ formErrors: [message], hideFields: PASSWORD_FIELDS }), {
      status: 429,
    });
  }
  try {
    await changePassword(provider, {
      CurrentPassword: submission.value.currentPassword,
      NewPassword: submission.value.newPassword,
      ConfirmPassword: submission.value.confirmPassword,
    });
  } catch (error) {
    return providerErrorReply(context, error, submission, {
      hideFields: PASSWORD_FIELDS,
      fieldNames: {
        CurrentPassword: "currentPassword",
        NewPassword: "newPassword",
        ConfirmPassword: "confirmPassword",
      },
    });
  }
  const t = context.translator("account");
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
  headers.append("Set-Cookie", await rememberDevice(request, userName));
  return redirectWithToast(
    HOME_PATH,
    { type: "success", message: t("changePassword.success") },
    { headers },
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
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
