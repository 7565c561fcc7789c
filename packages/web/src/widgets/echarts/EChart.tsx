import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import {
  init,
  use as install,
  type ECElementEvent,
  type EChartsCoreOption,
  type EChartsType,
} from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { FONT_FAMILY } from './common';

install([CanvasRenderer, GridComponent, LegendComponent, TooltipComponent]);

/** Spec 9: charts follow their container's size at most every 100 ms. */
export const RESIZE_THROTTLE_MS = 100;

export interface EChartProps {
  option: EChartsCoreOption;
  /** A click on a data item (bar, point, slice, region, word, node). */
  onClick?(event: ECElementEvent): void;
  /** Any click inside the grid (on an item or not): the category index under the pointer. */
  onGridClick?(index: number): void;
  /** The widget type, for tests and screenshots. */
  kind: string;
}

/**
 * One ECharts instance filling its container: created on mount, disposed on unmount, resized
 * when the container changes size, and given each new option whole (`notMerge`).
 */
export function EChart({ option, onClick, onGridClick, kind }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const instance = useRef<EChartsType | null>(null);
  const handlers = useRef({ onClick, onGridClick });

  useEffect(() => {
    handlers.current = { onClick, onGridClick };
  }, [onClick, onGridClick]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = init(element, undefined, { renderer: 'canvas' });
    instance.current = chart;
    // Drawn and done animating: tests and screenshots wait for this rather than for a while.
    chart.on('finished', () => {
      element.dataset.rendered = 'true';
    });
    chart.on('click', (event) => handlers.current.onClick?.(event as ECElementEvent));
    chart.getZr().on('click', (event) => {
      const handler = handlers.current.onGridClick;
      if (!handler) return;
      const point = [event.offsetX, event.offsetY];
      if (!chart.containPixel('grid', point)) return;
      // [x, y] in data terms; on a category x axis, x is the category's index.
      const value = chart.convertFromPixel({ gridIndex: 0 }, point);
      const at = Array.isArray(value) ? value[0] : undefined;
      if (typeof at === 'number' && Number.isFinite(at)) handler(Math.round(at));
    });

    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      // Observing reports the size the chart was created at: nothing to redraw then.
      if (element.clientWidth === chart.getWidth() && element.clientHeight === chart.getHeight())
        return;
      element.dataset.rendered = 'false';
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        if (!chart.isDisposed()) chart.resize();
      }, RESIZE_THROTTLE_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
      instance.current = null;
      chart.dispose();
    };
  }, []);

  useEffect(() => {
    if (container.current) container.current.dataset.rendered = 'false';
    instance.current?.setOption(
      { textStyle: { fontFamily: FONT_FAMILY }, animationDuration: 300, ...option },
      { notMerge: true },
    );
  }, [option]);

  return (
    <div
      ref={container}
      style={{ width: '100%', height: '100%' }}
      data-testid="echart"
      data-chart-kind={kind}
    />
  );
}
