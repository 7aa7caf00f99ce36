import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Apart } from "~/components/ui/apart";
import { localizeDigits } from "~/utils/format/numbers";
import type { WizardStep } from "~/utils/wizard/reservation-wizard";
import { cx } from "~/utils/ui/misc";

export type StepState = { id: WizardStep; needed: boolean; done: boolean; unlocked: boolean };

/**
 * Choose Hotel → Choose Rooms and Guests → Flight Info → Review and Submit, always all four, as the
 * spec and training material name them. Done and open steps are links; locked ones are plain text
 * until the steps before them are valid; Flight Info without a transfer is plain text, "not needed".
 */
export function Stepper({ base, steps }: { base: string; steps: StepState[] }) {
  const { t, i18n } = useTranslation("wizard");
  const current = useLocation().pathname.split("/").pop();
  return (
    <nav aria-label={t("stepsLabel")}>
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((step, index) => {
          const isCurrent = step.id === current;
          const skipped = !step.needed;
          const label = (
            <Apart>
              <span
                aria-hidden="true"
                className={cx(
                  "flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                  isCurrent
                    ? "bg-primary text-white"
                    : skipped
                      ? "border border-dashed border-gray-400 text-gray-600"
                      : step.done
                        ? "bg-green-700 text-white"
                        : "bg-gray-200 text-gray-700",
                )}
              >
                {step.done && !isCurrent ? "✓" : localizeDigits(index + 1, i18n.language)}
              </span>
              <span>{t(`steps.${step.id}`)}</span>
              {skipped ? (
                <span className="text-xs">({t("stepNotNeeded")})</span>
              ) : step.done ? (
                <span className="sr-only">({t("stepDone")})</span>
              ) : null}
            </Apart>
          );
          const classes = "flex items-center gap-2 rounded px-2 py-1";
          return (
            <li key={step.id} className="flex items-center gap-2">
              {isCurrent ? (
                <span
                  aria-current="step"
                  className={cx(classes, "font-semibold text-primary-dark")}
                >
                  {label}
                </span>
              ) : step.unlocked && !skipped ? (
                <Link
                  to={`${base}/${step.id}`}
                  className={cx(classes, "text-primary-dark underline-offset-2 hover:underline")}
                >
                  {label}
                </Link>
              ) : (
                <span
                  aria-disabled="true"
                  data-skipped={skipped || undefined}
                  className={cx(classes, skipped ? "text-gray-600" : "text-gray-500")}
                >
                  {label}
                </span>
              )}{" "}
              {index < steps.length - 1 ? (
                <span aria-hidden="true" className="text-gray-400 rtl:rotate-180">
                  →
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
