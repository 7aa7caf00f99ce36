import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Apart } from "~/components/ui/apart";
import { supportedLanguages } from "~/i18n";
import { cx } from "~/utils/ui/misc";

/** English / فارسی buttons; a plain form post that sets the language cookie and comes back here. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/settings/language"
      className="flex items-center gap-1"
      aria-label={t("language.label")}
    >
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Apart>
        {supportedLanguages.map((language) => {
          const current = i18n.language === language;
          return (
            <button
              key={language}
              type="submit"
              name="language"
              value={language}
              lang={language}
              aria-pressed={current}
              className={cx(
                "rounded px-2 py-1 text-sm",
                current ? "bg-primary text-white" : "text-primary-dark hover:bg-primary-light",
              )}
            >
              {t(`language.${language}`)}
            </button>
          );
        })}
      </Apart>
    </Form>
  );
}
