import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { EnhancedInput, ErrorSummary } from "~/components/forms";
import { StatusButton } from "~/components/ui/button";
import { LanguageSwitchInForm, type TypedFormHandle } from "~/components/layout/language-switch";
import { PrefetchRoutes } from "~/components/prefetch-routes";
import { AFTER_SUBMIT, AFTER_SUBMIT_ROUTE_ID } from "~/utils/wizard/after-submit";
import { useIsPending } from "~/utils/ui/misc";
import type { ChangeFrame } from "~/utils/requests/request-change.server";
import { CONFIRMED_FIELD, type ChangeConfirmation } from "~/utils/requests/change-confirmation";

/** A modify screen's route handle: its form is the one a language switch keeps, while it is shown. */
export function modifyScreenHandle(formId: string) {
  return {
    i18n: ["common", "requests", "wizard"],
    typedForm: ({ frame }: { frame: ChangeFrame }) =>
      frame.permission.allowed ? formId : undefined,
  } satisfies TypedFormHandle;
}

/**
 * A modify screen: which request, the provider's answer to "may this be changed?" before any
 * form, then the form (its fields are the children) with its error summary and submit button.
 * Once sent, the requests list says it was, at once.
 */
export function ModifyFrame({
  title,
  frame,
  form,
  summaryFields = [],
  confirmation = null,
  children,
}: {
  title: string;
  frame: ChangeFrame;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata
  form: FormMetadata<any, string[]>;
  summaryFields?: Array<{ meta: FieldMetadata<unknown>; label: string }>;
  /** What the change brings that the clerk confirms by sending the form again. */
  confirmation?: ChangeConfirmation | null;
  children: ReactNode;
}) {
  const { t } = useTranslation("requests");
  const isPending = useIsPending();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-gray-700">
          <bdi>{t("modify.of", { number: frame.number, hotel: frame.hotel })}</bdi>
        </p>
        <Link
          to={`/reservations/reservation-details/${frame.id}`}
          className="text-sm text-primary-dark underline"
        >
          {t("modify.back")}
        </Link>
      </div>
      {frame.permission.allowed ? (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
          <AuthenticityTokenInput name="csrf" />
          <EnhancedInput />
          <p className="text-sm text-green-900" data-testid="change-allowed">
            {frame.permission.checkedByProvider ? t("modify.allowed") : t("modify.providerJudges")}
          </p>
          <ErrorSummary form={form} fields={summaryFields} />
          {children}
          {confirmation ? (
            <p
              role="status"
              data-testid="change-confirmation"
              className="rounded border-s-4 border-primary bg-primary-light p-3 font-medium"
            >
              <input type="hidden" name={CONFIRMED_FIELD} value={confirmation.key} />
              {confirmation.message}
            </p>
          ) : null}
          <div>
            <StatusButton pending={isPending} disabled={isPending}>
              {t("modify.submit")}
            </StatusButton>
          </div>
          <LanguageSwitchInForm />
        </Form>
      ) : (
        <p
          role="alert"
          data-testid="change-refused"
          className="rounded border-s-4 border-amber-500 bg-amber-50 p-3"
        >
          {t("modify.notAllowed", {
            reason: frame.permission.reason ?? t("modify.providerRefuses"),
          })}
        </p>
      )}
      <PrefetchRoutes paths={[AFTER_SUBMIT]} routeIds={[AFTER_SUBMIT_ROUTE_ID]} />
    </div>
  );
}
