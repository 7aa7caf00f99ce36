import { connect, createServer, type Socket } from "node:net";

/**
 * A loopback port of the test process's that passes every connection on to `host:port` (a
 * container's address on a podman network), so a browser reaches a container at
 * `http://localhost:…`, where it keeps the portal's Secure cookies.
 *
 * Instead of podman publishing the port: on these machines a published port of a running container
 * (rootful podman, CNI's portmap rules) made other loopback connections of the same machine hang,
 * and the other workers' browsers then waited 60 s for a module that never came (measured: 3 of 58
 * pages with a container publishing a port beside them, 0 of 58 without).
 */
export function forwardLocalPort(host: string, port: number) {
  const open = new Set<Socket>();
  const server = createServer((incoming) => {
    const outgoing = connect(port, host);
    for (const socket of [incoming, outgoing]) {
      open.add(socket);
      socket.once("close", () => open.delete(socket));
    }
    incoming.pipe(outgoing).pipe(incoming);
    incoming.on("error", () => outgoing.destroy());
    outgoing.on("error", () => incoming.destroy());
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port: local } = server.address() as { port: number };
      resolve({
        url: `http://localhost:${local}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            for (const socket of open) socket.destroy();
          }),
      });
    });
  });
}
