// The same wizard step, for a request added to an order (spec §2: ExtendedOrderId).
export {
  default,
  ErrorBoundary,
  clientLoader,
  handle,
  loader,
  meta,
  shouldRevalidate,
} from "./_main.reservations.new";
