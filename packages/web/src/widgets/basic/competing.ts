import type { CompetingData } from '@yuqing/core';

export function isCompetingEmpty(data: CompetingData): boolean {
  return data.rows.length === 0 || data.rows.every((row) => row.value === 0 && !row.other);
}
