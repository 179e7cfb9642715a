import { Button } from "../src/ui/Button";
import { Icon } from "../src/ui/Icon";
import { newRecordIntent, newRecordRequest } from "./lib/state";

export interface NewRecordButtonProps {
  /** "Novo Cliente" */
  label: string;
}

/**
 * The page header's main action: asks the page's list island to open its empty dialog (and, as
 * the pointer or the focus reaches it, to start loading that dialog's code).
 */
export default function NewRecordButton({ label }: NewRecordButtonProps) {
  const intent = () => newRecordIntent.value++;
  return (
    <Button variant="primary" onPointerEnter={intent} onFocus={intent} onClick={() => newRecordRequest.value++}>
      <Icon name="plus" size={18} />
      {label}
    </Button>
  );
}
