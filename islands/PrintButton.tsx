import { Button } from "../src/ui/Button";

export interface PrintButtonProps {}

/** "Imprimir": the browser's print dialog; the print stylesheet (reports.css) makes the A4 page. */
export default function PrintButton(_props: PrintButtonProps) {
  return (
    <Button variant="secondary" onClick={() => window.print()}>
      Imprimir
    </Button>
  );
}
