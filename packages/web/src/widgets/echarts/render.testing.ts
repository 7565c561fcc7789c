import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  GraphicComponent,
  GridComponent,
  LegendComponent,
  PolarComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { init, use as install, type EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

install([
  SVGRenderer,
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  PolarComponent,
  TooltipComponent,
  VisualMapComponent,
]);

export interface DrawnText {
  text: string;
  x: number;
  y: number;
  /** Horizontal extent, estimated: CJK glyphs a font size wide, others 0.6 of it. */
  left: number;
  right: number;
}

/** Draws an option as a widget of `width` × `height` would (server-side SVG); its texts. */
export function drawnTexts(option: EChartsCoreOption, width: number, height: number): DrawnText[] {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption({ animation: false, ...option });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map(([, attributes, text]) => {
    const matrix = /transform="matrix\(([^)]*)\)"/.exec(attributes!)?.[1]?.split(/[ ,]+/);
    const translate = /transform="translate\(([^)]*)\)"/.exec(attributes!)?.[1]?.split(/[ ,]+/);
    const [x, y] = (matrix ? [matrix[4], matrix[5]] : (translate ?? [0, 0])).map(Number) as [
      number,
      number,
    ];
    const fontSize = Number(/font-size:([\d.]+)px/.exec(attributes!)?.[1] ?? 12);
    const span = [...text!].reduce(
      (sum, char) => sum + (/[\u3000-\u9fff\uff00-\uffef]/.test(char) ? 1 : 0.6) * fontSize,
      0,
    );
    const anchor = /text-anchor="(\w+)"/.exec(attributes!)?.[1] ?? 'start';
    const left = anchor === 'end' ? x - span : anchor === 'middle' ? x - span / 2 : x;
    return { text: text!, x, y, left, right: left + span };
  });
}
