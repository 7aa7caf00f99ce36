import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * "JavaScript off" for Firefox. Playwright 1.56 drives Firefox over WebDriver BiDi, which has no
 * switch for a page's scripts (its `javaScriptEnabled` option does nothing there, and Firefox ESR
 * 153 has no `emulation.setScriptingEnabled`); Firefox's own `javascript.enabled=false` stops the
 * promises and timers of Playwright's injected scripts too, so no locator ever resolves (issue 29).
 *
 * So the browser reaches the portal through this proxy, which adds a second Content-Security-Policy
 * to every HTML answer: `script-src 'none'`. A browser enforces every policy it is given, so not one
 * of the page's scripts runs, inline or module, while WebDriver's own evaluation (outside the page's
 * policy) still works. The page is then what a browser without JS gets, but for `<noscript>`,
 * whose contents a browser with scripting on does not show; the portal shows none (its one
 * `<noscript>` holds the scripts themselves). Each test in this mode ends by checking that its page
 * has no client router (fixtures.ts).
 */
export async function startScriptsRefusedProxy(portalUrl: string) {
  const portal = new URL(portalUrl);
  const agent = new Agent({ keepAlive: true });
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        agent,
        hostname: portal.hostname,
        port: portal.port,
        method: incoming.method,
        path: incoming.url,
        // The Host the browser sent, so the portal's origin checks see the address it is at.
        headers: incoming.headers,
      },
      (answer) => {
        const headers = { ...answer.headers };
        if (answer.headers["content-type"]?.startsWith("text/html")) {
          const own = headers["content-security-policy"];
          headers["content-security-policy"] = [
            ...(own === undefined ? [] : [own].flat()),
            "script-src 'none'",
          ];
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
