import { Link, UNSAFE_RemixContext, useNavigation } from "@remix-run/react";
import { useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";

const imported = new Set<string>();

/**
 * With JS, once the page is hydrated: the pages this one will lead to next (a form's redirect, a
 * link that redirects), their routes made known to the router and the modules of `routeIds`
 * loaded while the clerk types, so that navigation waits for neither a route manifest request nor
 * a chain of module downloads (decision 029). No data is fetched ahead: it depends on the form.
 *
 * The router learns routes from the links it renders (lazy route discovery, one manifest request
 * for all the page's links); a link that is `hidden` is one it learns from and nobody sees. The
 * module is imported once that is done (the router's own import of the same URL then finds it),
 * and then the translations its `handle` names.
 * Without JS nothing is rendered and nothing downloaded.
 */
export function PrefetchRoutes({ paths, routeIds }: { paths: string[]; routeIds: string[] }) {
  const hydrated = useHydrated();
  const { manifest } = useContext(UNSAFE_RemixContext)!;
  // A discovery ends in a router state update: this re-renders then and finds the route known.
  useNavigation();
  const { i18n } = useTranslation();
  useEffect(() => {
    for (const id of routeIds) {
      const route = manifest.routes[id];
      const module = route?.module;
      if (!module || imported.has(module)) continue;
      imported.add(module);
      // What it imports, asked for beside it: the browser would find those only once the module
      // is in, one round trip later on a slow line.
      for (const url of route.imports ?? []) preloadModule(url);
      // A failed download is the router's to retry on navigation, as without this.
      import(/* @vite-ignore */ module)
        .then((loaded: { handle?: { i18n?: string[] } }) =>
          // The page's texts too, or its first render would wait for them.
          loaded.handle?.i18n ? i18n.loadNamespaces(loaded.handle.i18n) : undefined,
        )
        .catch(() => imported.delete(module));
    }
  });
  if (!hydrated) return null;
  return paths.map((path) => (
    <Link key={path} to={path} discover="render" prefetch="none" hidden tabIndex={-1} />
  ));
}

/** A module asked for ahead, once: the later `import()` of the graph finds it in. */
function preloadModule(url: string) {
  if (document.head.querySelector(`link[href="${url}"]`)) return;
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.href = url;
  document.head.append(link);
}
