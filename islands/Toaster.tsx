import { useEffect } from "react";
import { Toaster as ToastViewport } from "../src/ui/Toaster";
import { showFlashedToast } from "../src/ui/flash";

export interface ToasterProps {}

/** The page's one toast viewport; also shows a toast the previous page left for it. */
export default function Toaster(_props: ToasterProps) {
  useEffect(showFlashedToast, []);
  return <ToastViewport />;
}
