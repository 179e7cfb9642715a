// What the two uPlot islands share: colours from the design tokens, pt-BR axis labels and a
// chart that follows its container's width (the height is fixed in CSS, so nothing shifts).
import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import { shortMonthBR } from "../../src/lib/months";
import { lazily } from "../../src/lib/numbers";

const CHART_HEIGHT = 300;

/**
 * Category labels that never collide: every k-th one when the plot is too narrow for all
 * (about 44 px per label).
 */
function sparseLabels(u: uPlot, labels: string[]): string[] {
  const room = Math.max(1, u.width - 90);
  const every = Math.max(1, Math.ceil((labels.length * 44) / room));
  return labels.map((label, i) => (i % every === 0 ? label : ""));
}

/**
 * The options both month charts share: one category per month on x (short pt-BR names, never
 * colliding), money ticks on y, no legend, selection or zoom; the caller adds series, hooks,
 * plugins and its own y range.
 */
export function monthChartOptions(el: Element, months: string[], ySize: number, extra: Partial<uPlot.Options>): uPlot.Options {
  const grid = cssVar(el, "--color-border", "#dee2e6");
  const text = cssVar(el, "--color-text-muted", "#495057");
  const { scales, ...rest } = extra;
  return {
    width: 0,
    height: 0,
    legend: { show: false },
    cursor: { y: false, points: { show: false }, drag: { x: false, y: false } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] }, ...scales },
    axes: [
      {
        stroke: text,
        grid: { show: false },
        ticks: { show: false },
        splits: () => months.map((_, i) => i),
        values: (u, splits) => sparseLabels(u, splits.map((i) => shortMonthBR(months[i]))),
      },
      // At least `ySize`, wider when the labels are ("R$ 17.500"): about 7 px a character at 12 px.
      // Ticks at round money steps (MONEY_INCRS), each labelled exactly: "R$ 1.250", never "R$ 1,3 mil".
      {
        stroke: text,
        size: (_u, values) => Math.max(ySize, 16 + 7 * Math.max(0, ...(values ?? []).map((v) => v.length))),
        grid: { stroke: grid, width: 1 },
        ticks: { show: false },
        incrs: MONEY_INCRS,
        values: (_u, splits) => splits.map(axisMoney),
      },
    ],
    series: [],
    ...rest,
  };
}

/** A token's value (canvas needs real colours, not var()). */
export function cssVar(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

/**
 * The y axis's steps, in reais: 1, 2, 2,5 and 5 times a power of ten, from one cent to R$ 5
 * bilhões (uPlot takes the smallest that leaves room between ticks). Each a whole number of
 * cents, so every tick is a value a label can print exactly.
 */
export const MONEY_INCRS: number[] = (() => {
  const steps: number[] = [];
  for (let exp = -2; exp <= 9; exp++) {
    for (const m of exp < -1 ? [1, 2, 5] : [1, 2, 2.5, 5]) steps.push(Number((m * 10 ** exp).toFixed(2)));
  }
  return steps;
})();

const wholeBRL = lazily(() => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", maximumFractionDigits: 0 }));
const centsBRL = lazily(() => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", minimumFractionDigits: 2 }));
const millions = lazily(() => new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 4 }));

/**
 * A tick's label, exact (issue 37: "R$ 1,3 mil" for 1.250 read as another figure): "R$ 1.250",
 * "R$ 0,50", and from a million "R$ 1,5 mi" (a round million's step is at least R$ 100.000, so
 * four decimals of millions hold it whole). The tick is rounded to the cent first: uPlot's
 * sums of steps carry float dust (0.30000000000000004).
 */
export function axisMoney(value: number): string {
  const cents = Math.round(value * 100);
  const reais = cents / 100;
  if (Math.abs(reais) >= 1_000_000 && cents % 10_000 === 0) return `R$ ${millions().format(reais / 1_000_000)} mi`;
  return cents % 100 === 0 ? wholeBRL().format(reais) : centsBRL().format(reais);
}

const BRL = lazily(() => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }));
/** Chart values are reais as numbers (uPlot needs numbers); exact to the cent for display. */
export const chartBRL = (reais: number) => BRL().format(Math.round(reais * 100) / 100);

/** The API's "1234.56" as a number to plot (display always goes back through chartBRL). */
export const reaisOf = (decimal: string) => Number(decimal);

/** uPlot's constructor (and its static `paths`), for the chart builders. */
export type UplotClass = typeof uPlot;

// A4's 186 mm of printable width (reports.css's @page margins) at 96 px an inch, less the
// card's padding: every chart is a full-width card on paper.
const PRINT_WIDTH_PX = Math.floor((186 * 96) / 25.4) - 48;

/**
 * Mounts a uPlot chart in `ref`'s element while `data` is shown; rebuilds when `build` changes
 * (new data) and follows the element's width. `build` gets the element, its width and uPlot.
 */
export function useUplot(build: ((el: HTMLDivElement, width: number, U: UplotClass) => { opts: uPlot.Options; data: uPlot.AlignedData }) | null) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !build) return;
    // uPlot (24 KB gzipped, most of the dashboard's script) loads when the first chart mounts,
    // after hydration: the page's first load does not carry it (issue 21 §2), and the server
    // never runs it. A chart unmounted or rebuilt before it arrived is simply not drawn.
    let cancelled = false;
    let unmount = () => {};
    void import("uplot").then((loaded: { default: UplotClass } | UplotClass) => {
      if (cancelled) return;
      unmount = draw(el, build, "default" in loaded ? loaded.default : loaded);
    });
    return () => {
      cancelled = true;
      unmount();
    };
  }, [build]);
  return ref;
}

/** Draws the chart in `el` now that uPlot is here, follows its width and the printed page's; returns its removal. */
function draw(el: HTMLDivElement, build: (el: HTMLDivElement, width: number, U: UplotClass) => { opts: uPlot.Options; data: uPlot.AlignedData }, U: UplotClass): () => void {
  {
    const width = () => Math.max(200, Math.floor(el.clientWidth));
    // Printed, the chart is drawn again at the A4 page's width (a wide window's chart would be
    // cut at the right edge, a narrow one's would leave the card half empty); reports.css scales
    // the canvas down where this does not run. Chromium fires beforeprint, then the media change
    // late, once the page is printed: `print.matches` is read when sizing, never the event's.
    const print = matchMedia("print");
    let printing = false;
    const size = () => ({ width: printing || print.matches ? PRINT_WIDTH_PX : width(), height: CHART_HEIGHT });
    const { opts, data } = build(el, width(), U);
    const chart = new U({ ...opts, ...size() }, data, el);
    const fit = () => chart.setSize(size());
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    const toPaper = () => {
      printing = true;
      fit();
    };
    const toScreen = () => {
      printing = false;
      fit();
    };
    print.addEventListener("change", fit);
    addEventListener("beforeprint", toPaper);
    addEventListener("afterprint", toScreen);
    return () => {
      observer.disconnect();
      print.removeEventListener("change", fit);
      removeEventListener("beforeprint", toPaper);
      removeEventListener("afterprint", toScreen);
      chart.destroy();
    };
  }
}

/** Calls `refetch` when the page is shown again from the back/forward cache (SPEC §7: figures stay current). */
export function useRefetchOnReturn(refetch: () => void) {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);
}

/**
 * A tooltip plugin: a positioned box inside the plot that `render` fills for the hovered index
 * (null hides it). Text only, so it reads well and never blocks the pointer.
 */
export function tooltipPlugin(render: (idx: number) => string[] | null): uPlot.Plugin {
  let box: HTMLDivElement;
  return {
    hooks: {
      init: (u) => {
        box = document.createElement("div");
        box.className = "chart-tooltip";
        box.setAttribute("aria-hidden", "true");
        box.hidden = true;
        u.over.appendChild(box);
      },
      setCursor: (u) => {
        const idx = u.cursor.idx;
        const lines = idx == null ? null : render(idx);
        if (!lines || idx == null) {
          box.hidden = true;
          return;
        }
        box.replaceChildren(
          ...lines.map((text, i) => {
            const line = document.createElement(i === 0 ? "strong" : "span");
            line.textContent = text;
            return line;
          }),
        );
        box.hidden = false;
        const x = u.valToPos(u.data[0][idx]!, "x");
        const overWidth = u.over.clientWidth;
        const boxWidth = box.offsetWidth;
        box.style.left = `${Math.min(Math.max(0, x - boxWidth / 2), Math.max(0, overWidth - boxWidth))}px`;
        box.style.top = `${Math.max(0, (u.cursor.top ?? 0) - box.offsetHeight - 12)}px`;
      },
    },
  };
}
