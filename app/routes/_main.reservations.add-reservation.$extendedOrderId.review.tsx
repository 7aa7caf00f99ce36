// The same wizard step, for a request added to an order (spec §2: ExtendedOrderId).
export {
  default,
  ErrorBoundary,
  action,
  clientLoader,
  loader,
} from "./_main.reservations.new.review";
