import { describe, expect, it } from 'vitest';
import { translateText } from '../../i18n/translateText';
import { useImportStatus } from './importStatusStore';

describe('the import status store', () => {
  it('raises the generation when a batch commits and when the import ends', () => {
    const { report } = useImportStatus.getState();
    const generation = () => useImportStatus.getState().generation;
    report({ running: true, total: 100_000, rows: 4_000, committed: 0 });
    expect(generation()).toBe(0);
    report({ running: true, total: 100_000, rows: 12_000, committed: 10_000 });
    expect(generation()).toBe(1);
    report({ running: true, total: 100_000, rows: 16_000, committed: 10_000 });
    expect(generation()).toBe(1);
    report({ running: false, total: 0, rows: 0, committed: 0 });
    expect(generation()).toBe(2);
    report({ running: false, total: 0, rows: 0, committed: 0 });
    expect(generation()).toBe(2);
  });

  it('words the banner with the percent filled in', () => {
    expect(translateText('zh_CN', 'import.demo', { percent: 62 })).toBe('演示数据导入中 62%');
    expect(translateText('en_US', 'import.demo', { percent: 62 })).toBe('Importing demo data 62%');
  });
});
