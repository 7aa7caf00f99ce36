import { useTranslation } from "react-i18next";
import { IntentButton } from "~/components/forms";
import { buttonClasses } from "~/components/ui/button";
import { InlineValues } from "~/components/ui/inline-values";
import type { TravellerResultsProps } from "~/components/wizard/traveller-finder";
import { localizeDigits } from "~/utils/format/numbers";
import type { TravellerMatch } from "~/utils/travellers/traveller-query";

/** The matches of a search sent without JS: each a button that fills this guest. */
export function TravellerResults({ form, guest, search }: TravellerResultsProps) {
  const { t, i18n } = useTranslation("wizard");
  if (search.message)
    return (
      <p role="status" className="text-sm text-red-800" data-testid="traveller-message">
        {search.message}
      </p>
    );
  return (
    <section aria-label={t("travellers.results", { query: search.query })}>
      <p role="status" className="text-sm">
        {search.matches.length
          ? t("travellers.found", {
              count: search.matches.length,
              number: localizeDigits(search.matches.length, i18n.language),
            })
          : t("travellers.none", { query: search.query })}
      </p>
      <ul className="mt-2 flex flex-col gap-2" data-testid="traveller-results">
        {search.matches.map((match) => (
          <li
            key={`${match.fill.passportNumber} ${match.born}`}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded border border-gray-200 p-2 text-sm"
          >
            <TravellerSummary match={match} />{" "}
            <IntentButton
              intent={form.update.getButtonProps({ name: guest.name, value: match.fill })}
              className={buttonClasses("secondary", "ms-auto")}
            >
              {t("travellers.use", { name: `${match.fill.firstName} ${match.fill.lastName}` })}
            </IntentButton>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What tells one traveller of a name from another: birth date, nationality, passport, last stay. */
export function TravellerSummary({ match }: { match: TravellerMatch }) {
  const { t } = useTranslation("wizard");
  return (
    <span className="flex flex-col">
      <bdi className="font-semibold">
        {match.fill.firstName} {match.fill.lastName}
      </bdi>
      <span className="text-xs text-gray-700">
        <InlineValues
          values={[
            t("travellers.born", { date: match.born }),
            match.nationality,
            t("travellers.passportEnd", { end: match.passportEnd }),
            t("travellers.lastStay", {
              hotel: match.lastStay.hotelName,
              date: match.lastStay.checkIn,
              number: match.lastStay.requestNumber,
            }),
          ]}
        />
      </span>
    </span>
  );
}
