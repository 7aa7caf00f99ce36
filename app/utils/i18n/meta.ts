import type { MetaDescriptor } from "@remix-run/node";

type RootMatchData = { app?: { shortName: string; brand: string } };

/** Spec §2: "page title | app short name | brand". Each route's loader returns its translated `title`. */
export function pageTitleMeta(
  title: string | undefined,
  matches: Array<{ id: string; data?: unknown } | undefined>,
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.data as RootMatchData | undefined;
  return [{ title: [title, root?.app?.shortName, root?.app?.brand].filter(Boolean).join(" | ") }];
}
