import { GRID_COLUMNS, GRID_MARGIN_Y, GRID_ROW_HEIGHT, type Chart } from '@yuqing/core';
import type { ReactNode } from 'react';
import { GridLayout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';

const GRID_MARGIN_X = 16;

interface WidgetGridProps {
  charts: Chart[];
  children(chart: Chart): ReactNode;
}

/** The 24-column grid in viewing mode: row height 10, vertical margin 20, static (spec 2). */
export function WidgetGrid({ charts, children }: WidgetGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layout = charts.map(({ i, x, y, w, h }) => ({ i, x, y, w, h, static: true }));
  return (
    <div ref={containerRef} data-testid="widget-grid">
      {mounted && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{
            cols: GRID_COLUMNS,
            rowHeight: GRID_ROW_HEIGHT,
            margin: [GRID_MARGIN_X, GRID_MARGIN_Y],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: false }}
          resizeConfig={{ enabled: false }}
        >
          {charts.map((chart) => (
            <div key={chart.i}>{children(chart)}</div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}
