/**
 * The party picker's text field as a combobox: the same attributes whether it is drawn closed
 * (PartyPickerClosed, before its code loads) or whole (PartyPickerFull), so the swap changes no
 * markup but the live state (expanded, the active option).
 */
export const COMBOBOX_INPUT = {
  className: "ui-input",
  type: "text",
  role: "combobox",
  autoComplete: "off",
  "aria-autocomplete": "list",
} as const;
