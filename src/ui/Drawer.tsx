import { cx } from "./cx.ts";
import { Dialog, type DialogProps } from "./Dialog.tsx";

type DrawerProps = Omit<DialogProps, "size" | "role">;

/**
 * A side panel: the kit's modal Dialog (focus kept inside, Esc and the backdrop close it, focus
 * returns to the opener) laid out as a full-height drawer on the right; full width on phones.
 */
export function Drawer({ className, ...props }: DrawerProps) {
  return <Dialog {...props} className={cx("ui-drawer", className)} />;
}
