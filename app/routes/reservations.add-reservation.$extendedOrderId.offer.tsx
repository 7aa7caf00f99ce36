// The same client offer, for a request being added to an order (spec §2: ExtendedOrderId).
export { default, ErrorBoundary, action, loader, meta, handle } from "./reservations.new.offer";
