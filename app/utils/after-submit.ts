import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/** Spec §4/§9: after a request or a modification is submitted, the user lands on the requests list. */
export const AFTER_SUBMIT = "/reservations/list";
/** Spec §9: about a second after the success message (with JS; without, at once). */
export const AFTER_SUBMIT_DELAY_MS = 1000;

/** With JS: once `submitted`, the requests list a second later, the success message standing until then. */
export function useRequestsListAfterSubmit(submitted: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => navigate(AFTER_SUBMIT), AFTER_SUBMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [submitted, navigate]);
}
