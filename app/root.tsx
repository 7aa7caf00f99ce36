import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { useChangeLanguage } from "remix-i18next/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NavigationProgress } from "~/components/navigation-progress";
import { PreloadsWithStylesheet, ScriptsAfterStyles } from "~/components/scripts-after-styles";
import { Snackbar } from "~/components/snackbar";
import { useNonce } from "~/utils/http/nonce-provider";
import { defaultLanguage, languageDirection } from "~/i18n";
import tailwindHref from "~/tailwind.css?url";
import { cookiesRefusedToast, csrf } from "~/utils/session/csrf.server";
import { env } from "~/utils/runtime/env.server";
import { combineHeaders, pathWithSearch } from "~/utils/http/http";
import { broughtTo, useMessageBrought } from "~/utils/wizard/continue";
import { pageTitleMeta } from "~/utils/i18n/meta";
import { getToast } from "~/utils/session/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tailwindHref },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

export const handle = { i18n: ["common"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = context;
  const [[csrfToken, csrfCookieHeader], { toast, headers: toastHeaders }, cookieless] =
    await Promise.all([
      csrf.commitToken(request),
      getToast(request),
      cookiesRefusedToast(request, context),
    ]);
  return data(
    {
      language,
      csrfToken,
      toast: toast ?? cookieless,
      path: pathWithSearch(request.url),
      app: { shortName: env.APP_SHORT_NAME, brand: env.APP_BRAND, version: env.APP_VERSION },
    },
    {
      headers: combineHeaders(
        csrfCookieHeader ? { "Set-Cookie": csrfCookieHeader } : null,
        toastHeaders,
      ),
    },
  );
}

// Each new page asks for the root's data again, for a toast that waits for that page (the requests
// list after a submit); it makes no provider call and rides in the page's own request.
// A move in one round trip (a wizard step's Continue, a request sent) brings what changes and its
// message (decision 044): it keeps the root's data.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => !broughtTo(nextUrl) && (defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname);

export const meta: MetaFunction = ({ matches }) => pageTitleMeta(undefined, matches);

/**
 * A page whose route says `handle.withoutScripts` is sent with no script at all: a customer's
 * shared offer, which has nothing to enhance (decision 043).
 */
function useScripted() {
  return !useMatches().some(
    (match) => (match.handle as { withoutScripts?: boolean } | undefined)?.withoutScripts,
  );
}

function Document({ language, children }: { language: string; children: React.ReactNode }) {
  const nonce = useNonce();
  const scripted = useScripted();
  return (
    <html lang={language} dir={languageDirection(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {scripted ? <PreloadsWithStylesheet nonce={nonce} /> : null}
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        {scripted ? (
          <>
            <ScriptsAfterStyles nonce={nonce} />
            <ScrollRestoration nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const { language, csrfToken, toast } = useLoaderData<typeof loader>();
  const message = useMessageBrought();
  useChangeLanguage(language);
  // Marks the page as enhanced: tests wait for it, and CSS may hide no-JS fallbacks behind it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <Document language={language}>
      <AuthenticityTokenProvider token={csrfToken}>
        <NavigationProgress />
        <Outlet />
        <Snackbar toast={message ?? toast} />
      </AuthenticityTokenProvider>
    </Document>
  );
}

export function ErrorBoundary() {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const language = rootData?.language ?? i18n.language ?? defaultLanguage;
  return (
    <Document language={language}>
      <main className="mx-auto max-w-xl p-8">
        <GeneralErrorBoundary />
      </main>
    </Document>
  );
}
