import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "~/components/date-picker";
import { SelectField, TextField } from "~/components/forms";

/** A guest's fields as the form holds them (text; the schema turns them into values). */
export type GuestInput = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: string;
  passportNumber: string;
  nationality: string;
};

/** One guest's fields (spec §3 "Guest"); gender is Female unless changed. */
export function GuestFields({
  meta,
  legend,
  countries,
  nationalityFollows,
  finder,
}: {
  meta: FieldMetadata<GuestInput>;
  legend: string;
  countries: Array<{ value: string; label: string }>;
  /** Whose nationality an empty choice takes (`followFirstNationality`); none for the first guest. */
  nationalityFollows?: "roomFirst" | "requestFirst";
  /** A way to fill the fields from a traveller booked before, above them. */
  finder?: ReactNode;
}) {
  const { t, i18n } = useTranslation("wizard");
  const guest = meta.getFieldset();
  return (
    <fieldset className="grid gap-3 rounded border border-gray-200 p-3 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {finder}
      <TextField
        meta={guest.firstName}
        label={t("guest.firstName")}
        autoComplete="off"
        dir="auto"
      />
      <TextField meta={guest.lastName} label={t("guest.lastName")} autoComplete="off" dir="auto" />
      <DateField
        meta={guest.dateOfBirth}
        label={t("guest.dateOfBirth")}
        hint={t(i18n.language === "fa" ? "datePlaceholderJalali" : "datePlaceholder")}
        picker={{}}
      />
      <SelectField
        meta={guest.gender}
        label={t("guest.gender")}
        options={[
          { value: "Female", label: t("guest.female") },
          { value: "Male", label: t("guest.male") },
        ]}
      />
      <TextField
        meta={guest.passportNumber}
        label={t("guest.passport")}
        dir="ltr"
        autoComplete="off"
      />
      <SelectField
        meta={guest.nationality}
        label={t("guest.nationality")}
        placeholder={
          nationalityFollows
            ? t(
                nationalityFollows === "roomFirst"
                  ? "guest.sameAsRoomFirst"
                  : "guest.sameAsRequestFirst",
              )
            : t("guest.chooseCountry")
        }
        options={countries}
      />
    </fieldset>
  );
}
