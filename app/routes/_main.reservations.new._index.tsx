import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDate, wallClockIn } from "~/utils/format/dates";
import { env } from "~/utils/runtime/env.server";
import { readForm } from "~/utils/forms/form-data.server";
import { firstOpenStep } from "~/utils/wizard/reservation-wizard";
import { emptyDraft, hasContent, loadWizard } from "~/utils/wizard/reservation-wizard.server";

/**
 * The wizard's entry: straight to the first open step, unless there is a draft to decide about
 * (saved by an earlier session, or the user asked to start over): then continue or start over.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const language = context.language;
  const wizard = await loadWizard(request, context, params);
  const { draft } = wizard;
  const askedToRestart = new URL(request.url).searchParams.has("restart");
  if (!hasContent(draft) || (!wizard.fromAnotherSession && !askedToRestart))
    throw redirect(`${wizard.base}/${firstOpenStep(draft)}`);
  return {
    savedAt: formatDate(
      wallClockIn(new Date(draft.updatedAt), env.PROVIDER_TIME_ZONE),
      language,
      "dateTime",
    ),
    hotelName: draft.hotel?.hotelName ?? null,
    rooms: draft.rooms?.rooms.length ?? 0,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  const wizard = await loadWizard(request, context, params);
  if (formData.get("intent") === "restart") {
    await wizard.save(emptyDraft(wizard.sessionId));
    throw redirect(`${wizard.base}/hotel`);
  }
  // Continue: this session takes the draft over.
  const draft = await wizard.save(wizard.draft);
  throw redirect(`${wizard.base}/${firstOpenStep(draft)}`);
}

export default function DraftChoicePage() {
  const { savedAt, hotelName, rooms } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wizard");
  return (
    <Card title={t("draft.heading")} className="max-w-xl">
      <p className="text-sm text-gray-800" data-testid="draft-summary">
        {t("draft.saved", { date: savedAt })}{" "}
        {hotelName ? (
          <>
            <bdi>{hotelName}</bdi>
            {rooms ? ` · ${t("draft.rooms", { count: rooms })}` : null}
          </>
        ) : null}
      </p>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <AuthenticityTokenInput name="csrf" />
        <Button type="submit" name="intent" value="continue">
          {t("draft.continue")}
        </Button>{" "}
        <Button type="submit" name="intent" value="restart" variant="secondary">
          {t("draft.restart")}
        </Button>
      </Form>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
