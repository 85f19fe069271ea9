/**
 * A bar or line chart drawn by uPlot (docs/insights.md, "Charts": chosen by measured size), for
 * the owner's view only: this module is in the Insights section's chunk and nowhere else. The
 * chart is a picture (bars for one series over categories, lines for several over time) (role="img" with its name); its numbers are in the table beside it, which
 * is what a screen reader reads. Its width follows its box. What draws it comes from ChartDrawing
 * (uPlot unless a provider says otherwise: jsdom has no canvas, so the component tests give one
 * that draws nothing).
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { categoryAxis } from './axis';

export interface ChartSeries {
  readonly label: string;
  readonly values: ReadonlyArray<number | null>;
}

const colours = ['#2f6f4f', '#c2763a', '#8a3b6b', '#3b6aa0', '#6b6b6b'];

/** What a chart shows, apart from its name (the picture's words are the box's aria-label). */
export interface ChartPicture {
  readonly kind: 'bar' | 'line';
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
  readonly format: (n: number) => string;
  /** The value axis runs from 0 to at least this (1: a share's 100 %, or one booking). */
  readonly top: number;
}

/** Draws a picture into its box and returns what takes it away again. */
export type DrawChart = (box: HTMLDivElement, picture: ChartPicture) => () => void;

/** uPlot's axis font (its default), for measuring the category labels. */
const axisFont = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
function measureWith(font: string): (text: string) => number {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return (text) => text.length * 7;
  context.font = font;
  return (text) => context.measureText(text).width;
}

/** The picture drawn by uPlot on a canvas, resized with its box. */
export const drawWithUPlot: DrawChart = (el, { kind, labels, series, format, top }) => {
  const width = () => Math.max(240, el.clientWidth);
  const bars = uPlot.paths.bars?.({ size: [0.6, 60] });
  const measure = measureWith(axisFont);
  const axis = () => categoryAxis(kind === 'bar' ? labels : [], width(), measure);
  const x = axis();
  const shown = kind === 'bar' ? x.shown : labels;
  const plot = new uPlot(
    {
      width: width(),
      height: 170 + x.size,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
        y: { range: (_u, min, max) => [Math.min(0, min * 1.1), Math.max(top, max * 1.1)] },
      },
      axes: [
        {
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? shown[i] ?? '' : '')),
          stroke: '#333',
          font: axisFont,
          rotate: () => axis().rotate,
          size: () => axis().size,
        },
        { values: (_u, splits) => splits.map(format), stroke: '#333', size: 70 },
      ],
      series: [
        {},
        ...series.map((s, i) => ({
          label: s.label,
          stroke: colours[i % colours.length]!,
          width: kind === 'line' ? 2 : 1,
          ...(kind === 'bar' && bars
            ? { fill: colours[i % colours.length]!, paths: (u: uPlot, seriesIdx: number, i0: number, i1: number) => bars(u, seriesIdx, i0, i1), points: { show: false } }
            : {}),
        })),
      ],
    },
    [labels.map((_, i) => i), ...series.map((s) => s.values.map((v) => v ?? null))] as uPlot.AlignedData,
    el,
  );
  const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: 170 + axis().size }));
  observer.observe(el);
  return () => {
    observer.disconnect();
    plot.destroy();
  };
};

/** How the charts below it are drawn: uPlot unless provided otherwise. */
export const ChartDrawing = createContext<DrawChart>(drawWithUPlot);

export function Chart({
  kind,
  labels,
  series,
  name,
  format = (n) => String(n),
  top = 1,
}: {
  readonly kind: 'bar' | 'line';
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
  readonly name: string;
  readonly format?: (n: number) => string;
  /** The value axis runs from 0 to at least this (1: a share's 100 %, or one booking). */
  readonly top?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const draw = useContext(ChartDrawing);
  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    return draw(el, { kind, labels, series, format, top });
  }, [draw, kind, labels, series, format, top]);
  return (
    <div className="insights-chart">
      <div ref={box} role="img" aria-label={name} />
      <ul className="insights-chart__keys" aria-hidden="true">
        {series.map((s, i) => (
          <li key={s.label}>
            <span className="insights-chart__swatch" style={{ background: colours[i % colours.length] }} />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
