import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { describe, expect, test, vi } from "vitest";
import { broughtTo, continueWithItsData, dataBroughtFor, messageBrought } from "./continue";

const ROOMS = "/reservations/new/rooms";
const at = (path: string) => new URL(path, "https://portal.test");
/** A clientLoader's arguments for a move to `path`, with a server that answers "server". */
function loading(path: string) {
  const serverLoader = vi.fn(async () => "server");
  const args = {
    request: new Request(at(path)),
    serverLoader,
  } as unknown as ClientLoaderFunctionArgs;
  return { args, serverLoader };
}
const continued = () => ({ continued: { to: ROOMS, frame: "frame", step: "rooms" } });

describe("a Continue that brings the next step", () => {
  test("moves to the step, whose frame and step take the data once, without the server", async () => {
    const answer = await continueWithItsData(async () => continued());
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(ROOMS);
    expect(broughtTo(at(ROOMS))).toMatchObject({ to: ROOMS });

    const frame = loading(ROOMS);
    const step = loading(ROOMS);
    expect(await dataBroughtFor("frame")(frame.args)).toBe("frame");
    expect(await dataBroughtFor("step")(step.args)).toBe("rooms");
    expect(frame.serverLoader).not.toHaveBeenCalled();
    expect(step.serverLoader).not.toHaveBeenCalled();

    // Taken: the next move to the same page (a language switch) reads the server.
    expect(broughtTo(at(ROOMS))).toBeNull();
    const again = loading(ROOMS);
    expect(await dataBroughtFor("step")(again.args)).toBe("server");
  });

  test("any other answer is the step's own", async () => {
    const reply = { status: "error", error: { checkIn: ["validation.required"] } };
    expect(await continueWithItsData(async () => reply)).toBe(reply);
    expect(broughtTo(at(ROOMS))).toBeNull();
  });

  test("data no move took is forgotten at the next move elsewhere", async () => {
    await continueWithItsData(async () => continued());
    // The clerk clicked another page while the answer came.
    expect(broughtTo(at("/dashboard"))).toBeNull();
    expect(broughtTo(at(ROOMS))).toBeNull();
    const later = loading(ROOMS);
    expect(await dataBroughtFor("step")(later.args)).toBe("server");
    expect(later.serverLoader).toHaveBeenCalledOnce();
  });

  test("a request sent brings the list and its message, shown until the next move", async () => {
    const LIST = "/reservations/list";
    const message = { id: "m1", type: "success" as const, message: "Request was submitted" };
    await continueWithItsData(async () => ({ continued: { to: LIST, step: "list", message } }));
    expect(broughtTo(at(LIST))).toMatchObject({ message });
    expect(await dataBroughtFor("step")(loading(LIST).args)).toBe("list");
    expect(messageBrought()).toEqual(message);
    // The list's own revalidation (a filter's query) and any later move: no message.
    expect(broughtTo(at(`${LIST}?state=Pending`))).toBeNull();
    expect(broughtTo(at(LIST))).toBeNull();
    expect(messageBrought()).toBeNull();
  });

  test("a receipt sent brings its order, to the part of the page the move names", async () => {
    const ORDER = "/orders/order-details/3002";
    const message = { id: "m2", type: "success" as const, message: "Receipt was submitted" };
    const answer = await continueWithItsData(async () => ({
      continued: { to: `${ORDER}#payments`, step: "order", message },
    }));
    expect((answer as Response).headers.get("Location")).toBe(`${ORDER}#payments`);
    // The router's address for the move has the part (#payments); a loader's request has not.
    expect(broughtTo(at(`${ORDER}#payments`))).toMatchObject({ message });
    const order = loading(ORDER);
    expect(await dataBroughtFor("step")(order.args)).toBe("order");
    expect(order.serverLoader).not.toHaveBeenCalled();
    // Another order is not this one.
    await continueWithItsData(async () => ({ continued: { to: `${ORDER}#payments`, step: "x" } }));
    expect(broughtTo(at("/orders/order-details/30021"))).toBeNull();
  });
});
