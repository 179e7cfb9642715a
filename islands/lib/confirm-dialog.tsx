// The kit's ConfirmDialog for the lists, loaded with its first opening like the other dialogs
// (on-demand.tsx): a list asks only after a click, and the dialog with its Dialog is ~1 KB
// gzipped on every list page otherwise (issue 21 §2).
import type { ConfirmDialogProps } from "../../src/ui/ConfirmDialog";
import { Loading, onDemand } from "./on-demand";

/** Its code: an island preloads it with its other parts (preloadOnIntent). */
export const ConfirmPart = onDemand(() => import("../../src/ui/ConfirmDialog").then((m) => m.ConfirmDialog));

/** src/ui/ConfirmDialog, rendered only while open; if its code cannot load, a toast says so and it cancels. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Loading onFailed={props.onCancel}>
      <ConfirmPart {...props} />
    </Loading>
  );
}
