// happy-dom has no canvas: the chart islands' tests replace uPlot with a stand-in that records
// what the island asks it to draw, keeping the options so a tooltip's text can be read.
import { mock } from "bun:test";

interface DrawnChart {
  data: unknown[][];
  opts: { plugins?: { hooks: Record<string, (u: unknown) => void> }[] };
  destroyed: boolean;
}

const charts: DrawnChart[] = [];

class FakePlot {
  static paths = { bars: () => () => null };
  record: DrawnChart;
  constructor(opts: DrawnChart["opts"], data: unknown[][]) {
    this.record = { data, opts, destroyed: false };
    charts.push(this.record);
  }
  setSize() {}
  destroy() {
    this.record.destroyed = true;
  }
}

/** Call before importing the island: uPlot becomes the stand-in; returns the charts drawn (empty it after each test). */
export function fakeUplot(): DrawnChart[] {
  mock.module("uplot", () => ({ default: FakePlot }));
  globalThis.ResizeObserver ??= class {
    observe() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  return charts;
}
