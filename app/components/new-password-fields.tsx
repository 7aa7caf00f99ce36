import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/forms";

/** A new password and its repetition; the hint states the spec's password rule (§5). */
export function NewPasswordFields({
  password,
  confirmation,
  passwordLabel,
  confirmationLabel,
}: {
  password: FieldMetadata<unknown>;
  confirmation: FieldMetadata<unknown>;
  passwordLabel: string;
  confirmationLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        meta={password}
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        hint={t("validation.passwordHint")}
      />
      <TextField
        meta={confirmation}
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
        dir="ltr"
      />
    </>
  );
}
