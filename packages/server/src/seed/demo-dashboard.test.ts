import { GRID_COLUMNS, type Dashboard } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { demoDashboard, demoSubjectDashboard } from './demo-dashboard.js';

/** Grid cells no widget covers, as "row:column", from the top to the lowest widget's bottom. */
function holes(charts: Dashboard['pages'][string]['charts']): string[] {
  const bottom = Math.max(...charts.map((chart) => chart.y + chart.h));
  const covered = new Set<string>();
  for (const { x, y, w, h } of charts) {
    for (let row = y; row < y + h; row++) {
      for (let column = x; column < x + w; column++) covered.add(`${row}:${column}`);
    }
  }
  const missing: string[] = [];
  for (let row = 0; row < bottom; row++) {
    for (let column = 0; column < GRID_COLUMNS; column++) {
      if (!covered.has(`${row}:${column}`)) missing.push(`${row}:${column}`);
    }
  }
  return missing;
}

describe('the demo dashboards', () => {
  it.each([
    ['project', demoDashboard],
    ['subject', demoSubjectDashboard],
  ])('%s pages fill their grid: no empty band, no empty half row', (_, board) => {
    for (const [key, page] of Object.entries(board.pages)) {
      expect({ key, holes: holes(page.charts).slice(0, 5) }).toEqual({ key, holes: [] });
    }
  });
});
