// Spec §2: "/" and "/dashboard" both show the dashboard.
export { default, ErrorBoundary, handle, loader, meta } from "./_main.dashboard/route";
