import { Dialog, DialogPanel } from "@headlessui/react";
import type { ReactNode } from "react";
import { cx } from "~/utils/ui/misc";

/**
 * A modal dialog (Headless UI: focus kept inside, Escape and a click outside close it, focus back
 * where it was): a dimmed page and a panel at the top, scrolled with the page on a small screen.
 * Its title is a `DialogTitle` among the children, which names the dialog.
 */
export function Modal({
  open,
  onClose,
  panelClassName,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  panelClassName: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-2 sm:p-4">
        <DialogPanel
          className={cx("w-full rounded bg-white shadow-lg", panelClassName)}
          data-testid={testId}
        >
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
