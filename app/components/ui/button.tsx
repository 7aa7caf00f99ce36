import type { ButtonHTMLAttributes } from "react";
import { cx } from "~/utils/ui/misc";

const variants = {
  primary: "bg-primary text-white hover:bg-primary-dark",
  secondary: "border border-primary text-primary-dark bg-white hover:bg-primary-light",
  quiet: "text-primary-dark hover:bg-primary-light",
  danger: "bg-red-700 text-white hover:bg-red-800",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClasses(variant: ButtonVariant = "primary", className?: string) {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded px-4 py-2 text-sm font-medium",
    "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
    "disabled:cursor-not-allowed disabled:opacity-60",
    variants[variant],
    className,
  );
}

export function Button({
  variant = "primary",
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}

/** A submit button that shows a spinner while its form is pending (JS only; without JS it is a plain button). */
export function StatusButton({
  pending,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; pending: boolean }) {
  return (
    <Button type="submit" aria-busy={pending || undefined} {...props}>
      {pending ? <Spinner /> : null}
      {children}
    </Button>
  );
}

export function Spinner({ className }: { className?: string }) {
  return (
    <svg className={cx("h-4 w-4 animate-spin", className)} viewBox="0 0 24 24" aria-hidden="true">
      <circle
        cx="12"
        cy="12"
        r="10"
        fill="none"
        stroke="currentColor"
        strokeWidth="4"
        opacity="0.25"
      />
      <path d="M22 12a10 10 0 0 0-10-10" fill="none" stroke="currentColor" strokeWidth="4" />
    </svg>
  );
}
