import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { EnhancedInput, ErrorSummary, TextareaField } from "~/components/forms";
import { StatusButton } from "~/components/ui/button";
import { LanguageSwitchInForm } from "~/components/layout/language-switch";
import { Card } from "~/components/ui/card";
import type { loader as notesLoader } from "~/routes/reservations.reservation-details.$requestId.notes";
import { cx } from "~/utils/ui/misc";
import { notesPollKey } from "~/utils/requests/notes-poll";
import type { NoteView } from "~/utils/requests/request-details.server";
import { requiredText } from "~/utils/forms/validation";

/** Spec §9: the thread is fetched again every 10 s while the page is open. */
export const NOTES_POLL_MS = 10_000;

export const noteSchema = z.object({ content: requiredText(2000) });

type Thread = { version: string | null; notes: NoteView[]; error: string | null };

/**
 * Polls the thread every 10 s while the tab is visible (and at once when it becomes visible
 * again), asking only whether the thread the page shows is still current.
 */
function useThread(requestId: number, initial: Thread) {
  const poll = useFetcher<typeof notesLoader>({ key: notesPollKey(requestId) });
  const [thread, setThread] = useState(initial);
  const versionRef = useRef(thread.version);
  versionRef.current = thread.version;
  const idleRef = useRef(true);
  idleRef.current = poll.state === "idle";

  // The page's loader ran again (after sending a note, or a reload): its thread is the newest.
  useEffect(() => setThread(initial), [initial]);

  useEffect(() => {
    if (!poll.data) return;
    const answer = poll.data;
    if (answer.error) setThread((current) => ({ ...current, error: answer.error }));
    else if (answer.notes) setThread({ version: answer.version, notes: answer.notes, error: null });
    else setThread((current) => (current.error ? { ...current, error: null } : current));
  }, [poll.data]);

  const { load } = poll;
  const refresh = useRef(() => {});
  refresh.current = () => {
    if (!idleRef.current) return;
    const known = versionRef.current ? `?known=${encodeURIComponent(versionRef.current)}` : "";
    load(`/reservations/reservation-details/${requestId}/notes${known}`);
  };

  useEffect(() => {
    const tick = () => {
      if (!document.hidden) refresh.current();
    };
    const timer = setInterval(tick, NOTES_POLL_MS);
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, []);

  return { thread, refresh: () => refresh.current(), polling: poll.state !== "idle" };
}

export function NotesThread({
  requestId,
  initial,
  canSend,
  closedReason,
  lastResult,
}: {
  requestId: number;
  initial: Thread;
  canSend: boolean;
  closedReason: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("requests");
  const { thread, refresh, polling } = useThread(requestId, initial);
  return (
    <div id="notes" className="scroll-mt-4 print:hidden">
      <Card title={t("notes.heading")} headingLevel={2}>
        <div className="flex flex-col gap-3">
          {thread.notes.length === 0 ? (
            <p className="text-sm text-gray-600">{t("notes.none")}</p>
          ) : (
            // Reversed flow: the box opens scrolled to its end, the newest note, even without JS.
            <div
              className="flex max-h-96 flex-col-reverse overflow-y-auto rounded border border-gray-200 bg-gray-50 p-3"
              role="region"
              aria-label={t("notes.thread")}
              tabIndex={0}
            >
              <ol className="flex flex-col gap-2" data-testid="notes">
                {thread.notes.map((note) => (
                  <NoteBubble key={note.id} note={note} />
                ))}
              </ol>
            </div>
          )}
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <a
              href={`?refreshed=${encodeURIComponent(thread.version ?? "0")}-${thread.notes.length}#notes`}
              onClick={(event) => {
                event.preventDefault();
                refresh();
              }}
              className="text-primary-dark underline"
            >
              {t("notes.refresh")}
            </a>
            <span role="status" className="text-gray-600">
              {polling ? t("notes.refreshing") : ""}
            </span>
            {thread.error ? (
              <span role="alert" className="text-red-800">
                {thread.error}
              </span>
            ) : null}
          </div>
          {canSend ? (
            <NoteForm requestId={requestId} lastResult={lastResult} />
          ) : (
            <p className="text-sm text-gray-700" data-testid="notes-closed">
              {closedReason ?? t("notes.closed")}
            </p>
          )}
        </div>
      </Card>
    </div>
  );
}

function NoteBubble({ note }: { note: NoteView }) {
  const { t } = useTranslation("requests");
  return (
    <li
      className={cx(
        "max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm",
        note.fromProvider ? "self-start bg-white" : "self-end bg-primary-light text-gray-900",
      )}
      data-from={note.fromProvider ? "provider" : "agency"}
    >
      <p className="mb-1 text-xs text-gray-600">
        <span className="font-medium">
          {note.fromProvider ? t("notes.provider") : <bdi>{note.author}</bdi>}
        </span>{" "}
        · <time>{note.at}</time>
      </p>
      <p dir="auto" className="whitespace-pre-line break-words">
        {note.content}
      </p>
      {note.fromProvider ? null : (
        <p className="mt-1 text-end text-xs text-gray-600" data-testid="read-tick">
          <span aria-hidden>{note.read ? "✓✓" : "✓"}</span>{" "}
          <span className="sr-only">{note.read ? t("notes.read") : t("notes.unread")}</span>
        </p>
      )}
    </li>
  );
}

/**
 * The send box. With JS it posts in the background (the thread reloads and the box clears);
 * without, a plain post that comes back to the thread.
 */
function NoteForm({
  requestId,
  lastResult,
}: {
  requestId: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("requests");
  const send = useFetcher<{ note: SubmissionResult<string[]> | null }>({
    key: `send-note-${requestId}`,
  });
  const [form, fields] = useForm({
    id: `note-${requestId}`,
    lastResult: send.data?.note ?? lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: noteSchema }),
  });
  return (
    <send.Form
      method="post"
      action={`/reservations/reservation-details/${requestId}`}
      {...getFormProps(form)}
      className="flex flex-col gap-2"
    >
      <AuthenticityTokenInput name="csrf" />
      <EnhancedInput />
      <input type="hidden" name="intent" value="note" />
      <ErrorSummary form={form} fields={[]} />
      <TextareaField meta={fields.content} label={t("notes.newNote")} />
      <div>
        <StatusButton pending={send.state !== "idle"} disabled={send.state !== "idle"}>
          {t("notes.send")}
        </StatusButton>
      </div>
      <LanguageSwitchInForm />
    </send.Form>
  );
}
