import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link,
  Outlet,
  useLoaderData,
  useMatches,
  useOutletContext,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Stepper } from "~/components/wizard/stepper";
import { formatDate } from "~/utils/format/dates";
import { pageTitleMeta } from "~/utils/i18n/meta";
import {
  stepIsDone,
  stepIsNeeded,
  stepIsUnlocked,
  WIZARD_STEPS,
} from "~/utils/wizard/reservation-wizard";
import { loadWizard } from "~/utils/wizard/reservation-wizard.server";
import { InlineValues } from "~/components/ui/inline-values";
import { PrefetchRoutes } from "~/components/prefetch-routes";
import { dataBroughtFor } from "~/utils/wizard/continue";

export const handle = { i18n: ["common", "wizard"] };

/**
 * The request wizard's frame (/reservations/new, and /reservations/add-reservation/{orderId} for
 * a request added to an order): title, stepper, the chosen stay, and the step below.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const t = context.translator("wizard");
  const language = context.language;
  const wizard = await loadWizard(request, context, params);
  const { draft } = wizard;
  return {
    title: wizard.orderId ? t("addTitle", { orderId: wizard.orderId }) : t("title"),
    // Spec §2's page titles: "New Request", "Add Request" (the heading names the order).
    pageTitle: wizard.orderId ? t("addPageTitle") : t("title"),
    base: wizard.base,
    orderId: wizard.orderId,
    // All four steps of the spec, always: Flight Info is shown as not needed once the chosen stay
    // has no transfer (before a hotel is chosen, nobody knows yet).
    steps: WIZARD_STEPS.map((step) => ({
      id: step,
      needed: !draft.hotel || stepIsNeeded(step, draft),
      done: stepIsDone(step, draft),
      unlocked: stepIsUnlocked(step, draft),
    })),
    stay: draft.hotel
      ? {
          hotelName: draft.hotel.hotelName,
          checkIn: formatDate(draft.hotel.checkIn, language, "long"),
          checkOut: formatDate(draft.hotel.checkOut, language, "long"),
        }
      : null,
  };
}
export type WizardFrame = Awaited<ReturnType<typeof loader>>;

// With JS a step's Continue brings the frame as it now is (decision 044).
export const clientLoader = dataBroughtFor("frame");

// Single fetch re-runs every loader on every navigation: between steps the frame only changes
// after a step's form was sent (stack notes, wizard §1).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return true;
  const wizardPath = currentUrl.pathname.split("/").slice(0, -1).join("/");
  if (
    wizardPath &&
    nextUrl.pathname.startsWith(`${wizardPath}/`) &&
    currentUrl.search === nextUrl.search
  )
    return false;
  return defaultShouldRevalidate;
};

export default function WizardFrameRoute() {
  const frame = useLoaderData<typeof loader>();
  const { t } = useTranslation("wizard");
  return (
    <div className="flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{frame.title}</h1>
        <Link to={`${frame.base}?restart`} className="text-sm text-primary-dark underline">
          {t("startOver")}
        </Link>
      </div>
      <Stepper base={frame.base} steps={frame.steps} />
      {frame.stay ? (
        <p className="text-sm text-gray-700" data-testid="wizard-stay">
          <InlineValues
            values={[frame.stay.hotelName, `${frame.stay.checkIn} – ${frame.stay.checkOut}`]}
          />
        </p>
      ) : null}
      <Outlet context={frame} />
      <NextStepsPrefetch frame={frame} />
    </div>
  );
}

/**
 * The steps still ahead, known to the router and their modules loaded while the clerk types: a
 * step's Continue then waits only for its post and the next step's data. A step's route is the
 * frame's route id and the step (the same under both wizard URLs).
 */
function NextStepsPrefetch({ frame }: { frame: WizardFrame }) {
  const matches = useMatches();
  const frameId = matches.find((match) => match.pathname.replace(/\/$/, "") === frame.base)?.id;
  const current = matches.at(-1)?.pathname.split("/").pop();
  if (!frameId) return null;
  const ahead = frame.steps.slice(frame.steps.findIndex((step) => step.id === current) + 1);
  const needed = ahead.filter((step) => step.needed);
  return (
    <PrefetchRoutes
      paths={needed.map((step) => `${frame.base}/${step.id}`)}
      routeIds={needed.map((step) => `${frameId}.${step.id}`)}
    />
  );
}

/** The frame's data, for the step below it (whichever of the two wizard URLs it runs under). */
export function useWizardFrame() {
  return useOutletContext<WizardFrame>();
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitleMeta(data?.pageTitle, matches);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
