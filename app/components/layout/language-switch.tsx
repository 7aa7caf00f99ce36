import { Form, useLocation, useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Apart } from "~/components/ui/apart";
import { supportedLanguages } from "~/i18n";
import { cx } from "~/utils/ui/misc";

/**
 * A page where a clerk types names its form in its route's `handle` (by its id, or from its
 * loader's data, undefined when the page shows no such form: a button whose `form` names no form
 * sends nothing): the language buttons then send that form with what was typed, and the page comes
 * back in the other language with it (`language-switch.server.ts`).
 */
export type TypedFormHandle = {
  i18n?: string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route's own loader data
  typedForm?: string | ((data: any) => string | undefined);
};

function useTypedForm() {
  const match = useMatches()
    .filter((candidate) => (candidate.handle as TypedFormHandle | undefined)?.typedForm)
    .at(-1);
  const typedForm = (match?.handle as TypedFormHandle | undefined)?.typedForm;
  if (typeof typedForm !== "function") return typedForm;
  // A page that failed to load has no form.
  return match?.data ? typedForm(match.data) : undefined;
}

/**
 * English / فارسی buttons; a plain form post that sets the language cookie and comes back here.
 * Before JS, on a page with a form being typed, they belong to that form (`form`), so what was
 * typed goes with them; with JS the page keeps its fields itself and the buttons post alone.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const location = useLocation();
  const typedForm = useTypedForm();
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      action="/settings/language"
      className="flex items-center gap-1"
      aria-label={t("language.label")}
    >
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated || !typedForm ? (
        <LanguageButtons />
      ) : (
        <>
          <FormDefaultButton form={typedForm} />
          <LanguageButtons form={typedForm} />
        </>
      )}
    </Form>
  );
}

/**
 * Enter in a field presses its form's first submit button in the document's order, and the top
 * bar comes before the page: this one, with no name and no label, comes first and sends the form
 * as its own unnamed submit button does (Continue, Send), never a language. A text browser, which
 * knows no `form` attribute, shows nothing for an empty button outside a form.
 */
function FormDefaultButton({ form }: { form: string }) {
  return <button type="submit" form={form} className="sr-only" tabIndex={-1} aria-hidden="true" />;
}

/**
 * The same buttons inside a form being typed, for a browser without CSS (lynx, w3m), which knows
 * no `form` attribute: the stylesheet hides them, where the top bar's do the same.
 */
export function LanguageSwitchInForm() {
  const { t } = useTranslation();
  return (
    <p className="hidden">
      {t("language.keepingTyped")}: <LanguageButtons />
    </p>
  );
}

function LanguageButtons({ form }: { form?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Apart>
      {supportedLanguages.map((language) => {
        const current = i18n.language === language;
        return (
          <button
            key={language}
            type="submit"
            form={form}
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
  );
}
