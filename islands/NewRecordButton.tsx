import { Button } from "../src/ui/Button";
import { Icon } from "../src/ui/Icon";
import { newRecordRequest } from "./lib/state";

export interface NewRecordButtonProps {
  /** "Novo Cliente" */
  label: string;
}

/** The page header's main action: asks the page's list island to open its empty dialog. */
export default function NewRecordButton({ label }: NewRecordButtonProps) {
  return (
    <Button variant="primary" onClick={() => newRecordRequest.value++}>
      <Icon name="plus" size={18} />
      {label}
    </Button>
  );
}
