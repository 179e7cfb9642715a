// What the page's one tooltip shows for (src/ui/page-tooltip.ts), and so what loads its code as a
// pointer or the focus reaches it (islands/lib/page-shell.ts): one list for both, or a kind of
// text the tooltip reads would never load it.

/** A trigger's own words. */
export const TIP_WORDS = "[data-tip]";
/** Text an ellipsis may cut, shown whole: a `.ui-ellipsis`, a line of `.ui-lines`, a ledger row's name (islands/ledger/rows.ts). */
export const CUT_TEXT = ".ui-ellipsis, .ui-lines > *, .bulk-cell > a";
/** Either. */
export const TIP_TRIGGER = `${TIP_WORDS}, ${CUT_TEXT}`;
