import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data, redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { FailureNotice, GeneralErrorBoundary } from "~/components/error-boundary";
import { NotesThread, noteSchema } from "~/components/notes-thread";
import type { TypedFormHandle } from "~/components/layout/language-switch";
import { RequestSummaryView } from "~/components/request-summary";
import { StatusButton, buttonClasses } from "~/components/ui/button";
import { Apart } from "~/components/ui/apart";
import { Card } from "~/components/ui/card";
import { NewRequestLink } from "~/components/wizard/new-request-link";
import { parseTypedForm, readForm } from "~/utils/forms/form-data.server";
import { switchedLanguage } from "~/utils/forms/language-switch.server";
import { requireRequestId } from "~/utils/http/params.server";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { hasVoucher } from "~/utils/requests/request-states";
import { useIsPending } from "~/utils/ui/misc";
import { describeProviderError, ProviderError } from "~/utils/provider/request.server";
import {
  deleteRequest,
  getRequestSummary,
  sendNote,
} from "~/utils/provider/reserve-requests.server";
import { draftBookedAgain, hasContent, loadWizard } from "~/utils/wizard/reservation-wizard.server";
import {
  orProviderErrorPage,
  providerErrorReply,
  settle,
  unlessUnavailable,
} from "~/utils/http/provider-errors.server";
import {
  loadOfferedChanges,
  offeredChanges,
  type OfferedChanges,
} from "~/utils/requests/request-change.server";
import {
  fetchNotesAndMarkRead,
  notesVersion,
  notesView,
  requestDetailsView,
  type RequestDetailsView,
} from "~/utils/requests/request-details.server";
import { userOverLimitMessage } from "~/utils/limits/rate-limit.server";
import { redirectWithToast } from "~/utils/session/toast.server";

export const handle = {
  i18n: ["common", "requests", "wizard"],
  typedForm: ({ requestId, offered }: { requestId: number; offered: OfferedChanges }) =>
    offered.Notes.allowed ? `note-${requestId}` : undefined,
} satisfies TypedFormHandle;

/**
 * A request's details (spec §2): everything about it, its notes thread with the provider, and
 * what may still be done with it: print, change dates, rooms or flights, delete.
 */

const MODIFY_LINKS = [
  { change: "Dates", path: "modify-date-reservation", label: "actions.modifyDates" },
  { change: "Rooms", path: "modify-room-reservation", label: "actions.modifyRooms" },
  { change: "Transportation", path: "modify-flight-reservation", label: "actions.modifyFlights" },
] as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { provider, requestId } = await requireRequestId(request, context, params);
  const language = context.language;
  const t = context.translator("requests");
  const [readRequest, notes] = await Promise.all([
    orProviderErrorPage(
      context,
      unlessUnavailable(loadOfferedChanges(context, provider, requestId)),
    ),
    settle(context, fetchNotesAndMarkRead(provider, requestId)),
  ]);
  const notesPart = notes.ok
    ? { version: notesVersion(notes.data), notes: notesView(notes.data, language), error: null }
    : { version: null, notes: [], error: notes.error };
  if (readRequest instanceof ProviderError)
    // The request could not be read, but it was not refused: its notes and the note box stay (a
    // note typed as the provider faltered is kept beside its error), the rest says it failed.
    return data(
      {
        title: t("details.title"),
        requestId,
        details: null,
        unavailable: describeProviderError(readRequest, context.translator()),
        offered: offeredChanges("", { ok: false, error: "" }, context.translator()),
        notes: notesPart,
      },
      { status: 503 },
    );
  const { summary, offered } = readRequest;
  return data({
    title: t("details.title", { number: summary.RequestNumber }),
    requestId,
    details: requestDetailsView(summary, language),
    unavailable: null,
    offered,
    notes: notesPart,
  });
}

// A refused action (a note or a delete answered beside its form) changed nothing: the page stays
// as it is, rather than asking the provider again for what it already shows.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => (actionStatus !== undefined && actionStatus >= 400 ? false : defaultShouldRevalidate);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.title, matches);

const intentSchema = z.enum(["note", "delete", "bookAgain"]);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request, context);
  const { provider, requestId } = await requireRequestId(request, context, params);
  const detailsUrl = `/reservations/reservation-details/${requestId}`;
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) throw new Response("Unknown intent", { status: 400 });

  if (intent.data === "bookAgain") {
    // Nothing reaches the provider: the new request is a draft until the clerk submits it.
    const wizard = await loadWizard(request, context, {});
    if (hasContent(wizard.draft) && formData.get("replace") !== "yes")
      throw redirect(`${detailsUrl}?confirm=book-again`);
    try {
      const summary = await getRequestSummary(provider, requestId);
      await wizard.save(draftBookedAgain(summary, wizard.sessionId, context.language));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return data(
        {
          bookAgainError: describeProviderError(error, context.translator()),
          deleteError: null,
          note: null,
        },
        { status: error.kind === "not-found" ? 404 : 503 },
      );
    }
    throw redirect(`${wizard.base}/hotel`);
  }

  if (intent.data === "delete") {
    const t = context.translator("requests");
    const overLimit = await userOverLimitMessage(request, context, "changesPerUser");
    if (overLimit) return data({ deleteError: overLimit, note: null }, { status: 429 });
    try {
      await deleteRequest(provider, requestId);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return data(
        { deleteError: describeProviderError(error, context.translator()), note: null },
        { status: error.kind === "bad-request" ? 400 : 503 },
      );
    }
    throw await redirectWithToast("/reservations/list", {
      type: "success",
      message: t("delete.done", { number: String(formData.get("number") ?? requestId) }),
    });
  }

  const submission = parseTypedForm(formData, { schema: noteSchema });
  const switched = await switchedLanguage(context, formData, submission.payload);
  if (switched)
    return data({ note: switched.result, deleteError: null }, { headers: switched.headers });
  if (submission.status !== "success")
    return data({ note: submission.reply(), deleteError: null }, { status: 400 });
  const overLimit = await userOverLimitMessage(request, context, "notesPerUser");
  if (overLimit)
    return data(
      { note: submission.reply({ formErrors: [overLimit] }), deleteError: null },
      { status: 429 },
    );
  try {
    // Spec §4: no notes once Confirmed. The page hides the box; a forced post is refused here.
    const { offered } = await loadOfferedChanges(context, provider, requestId);
    if (!offered.Notes.allowed)
      return data(
        { note: submission.reply({ formErrors: [offered.Notes.reason ?? ""] }), deleteError: null },
        { status: 403 },
      );
    await sendNote(provider, requestId, submission.value.content);
  } catch (error) {
    const reply = await providerErrorReply(context, error, submission);
    return data({ note: reply.data, deleteError: null }, { status: reply.init?.status ?? 400 });
  }
  if (formData.get("enhanced") === "1")
    return data({ note: submission.reply({ resetForm: true }), deleteError: null });
  // Post/redirect/get, back to the thread.
  throw redirect(`${detailsUrl}#notes`);
}

export default function RequestDetails() {
  const { requestId, details, unavailable, offered, notes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("requests");
  const notesThread = (
    <NotesThread
      requestId={requestId}
      initial={notes}
      canSend={offered.Notes.allowed}
      closedReason={offered.Notes.reason}
      lastResult={actionData?.note ?? undefined}
    />
  );
  if (!details)
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t("details.heading")}</h1>
        <FailureNotice
          title={t("details.unavailable")}
          message={unavailable ?? ""}
          headingLevel={2}
        />
        {notesThread}
      </div>
    );
  return <RequestAndActions details={details} offered={offered} notesThread={notesThread} />;
}

/** The request, what may be done with it, and its notes. */
function RequestAndActions({
  details,
  offered,
  notesThread,
}: {
  details: RequestDetailsView;
  offered: OfferedChanges;
  notesThread: ReactNode;
}) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("requests");
  const [searchParams] = useSearchParams();
  const confirmingDelete = searchParams.get("confirm") === "delete" && offered.Delete.allowed;
  const base = "/reservations";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          {t("details.heading")} <bdi dir="ltr">{details.number}</bdi>
        </h1>
        <nav aria-label={t("actions.label")} className="flex flex-wrap gap-2 print:hidden">
          <Apart>
            <Link
              to={`/reservations/reservation-details/${details.id}/print`}
              className={buttonClasses("secondary")}
            >
              {t("actions.print")}
            </Link>
            {hasVoucher(details.state) ? (
              <Link
                to={`/reservations/reservation-details/${details.id}/voucher`}
                className={buttonClasses("secondary")}
              >
                {t("voucher.link")}
              </Link>
            ) : null}
            <Link
              to={`/reservations/reservation-details/${details.id}/offer`}
              className={buttonClasses("secondary")}
            >
              {t("offer.link")}
            </Link>
            {MODIFY_LINKS.filter((link) => offered[link.change].allowed).map((link) => (
              <Link
                key={link.path}
                to={`${base}/${link.path}/${details.id}`}
                className={buttonClasses("secondary")}
              >
                {t(link.label)}
              </Link>
            ))}
            <BookAgainForm />
            {offered.Delete.allowed ? (
              <Link to="?confirm=delete" className={buttonClasses("quiet", "text-red-800")}>
                {t("actions.delete")}
              </Link>
            ) : null}
          </Apart>
        </nav>
      </div>
      {searchParams.get("confirm") === "book-again" ? (
        <BookAgainConfirmation number={details.number} />
      ) : null}
      {actionData && "bookAgainError" in actionData && actionData.bookAgainError ? (
        <p role="alert" className="rounded border-s-4 border-red-700 bg-red-50 p-3 text-sm">
          {actionData.bookAgainError}
        </p>
      ) : null}
      {confirmingDelete ? (
        <DeleteConfirmation number={details.number} error={actionData?.deleteError ?? null} />
      ) : null}
      <RequestSummaryView details={details} />
      {notesThread}
    </div>
  );
}

/**
 * "Book again": a new request that starts from this one (same hotel, rooms and guests; the dates
 * to choose). A plain post, so it works without JS; the wizard opens at its first step.
 */
function BookAgainForm({ replace = false }: { replace?: boolean }) {
  const { t } = useTranslation("requests");
  const navigation = useNavigation();
  const isPending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "bookAgain";
  return (
    <Form method="post" className="contents">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value="bookAgain" />
      {replace ? <input type="hidden" name="replace" value="yes" /> : null}
      <StatusButton pending={isPending} variant={replace ? "primary" : "secondary"}>
        {replace ? t("bookAgain.replace") : t("bookAgain.action")}
      </StatusButton>
    </Form>
  );
}

/** An unfinished request would be replaced: said first, with the way back to it. */
function BookAgainConfirmation({ number }: { number: string }) {
  const { t } = useTranslation("requests");
  return (
    <Card title={t("bookAgain.heading", { number })} headingLevel={2}>
      <div className="flex flex-col gap-3">
        <p>{t("bookAgain.unfinished")}</p>
        <div className="flex flex-wrap gap-3">
          <Apart>
            <BookAgainForm replace />
            <NewRequestLink className={buttonClasses("secondary")}>
              {t("bookAgain.continueUnfinished")}
            </NewRequestLink>
            <Link to="." className={buttonClasses("quiet")}>
              {t("delete.cancel")}
            </Link>
          </Apart>
        </div>
      </div>
    </Card>
  );
}

/** Deleting a request cannot be undone: it takes a second, deliberate submit (no JS needed). */
function DeleteConfirmation({ number, error }: { number: string; error: string | null }) {
  const { t } = useTranslation("requests");
  const isPending = useIsPending();
  return (
    <Card title={t("delete.heading", { number })} headingLevel={2} className="border-red-300">
      <Form method="post" className="flex flex-col gap-3">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="number" value={number} />
        <p>{t("delete.warning")}</p>
        {error ? (
          <p role="alert" className="rounded border-s-4 border-red-700 bg-red-50 p-3 text-sm">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Apart>
            <StatusButton pending={isPending} disabled={isPending} variant="danger">
              {t("delete.confirm")}
            </StatusButton>
            <Link to="." className={buttonClasses("quiet")}>
              {t("delete.cancel")}
            </Link>
          </Apart>
        </div>
      </Form>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
