import { afterEach, describe, expect, it } from 'vitest';
import { formatCardValue } from '../widgets/basic/format-metric';
import { axisFormatter, labelFormatter } from '../widgets/echarts/common';
import { useLocaleStore } from '../i18n/localeStore';
import { abbreviate, setNumberStyle } from './numberStyle';

afterEach(() => {
  setNumberStyle(undefined);
  useLocaleStore.setState({ locale: 'zh_CN' });
});

describe("the project's number style", () => {
  it('abbreviates with k / m unless the project chose 万 / 亿', () => {
    expect(abbreviate(23_000)).toBe('23k');
    expect(formatCardValue(2_300_000, false).text).toBe('2.3m');
    setNumberStyle('wan');
    expect(abbreviate(23_000)).toBe('2.3万');
    expect(formatCardValue(2_300_000, false)).toEqual({ text: '230万', exact: '2,300,000' });
    expect(axisFormatter(undefined)(150_000_000)).toBe('1.5亿');
    expect(labelFormatter('abbr', 0)(15_000)).toBe('1.5万');
  });

  it('abbreviates with k / m in English whatever the project chose: 万 is a Chinese unit', () => {
    setNumberStyle('wan');
    useLocaleStore.setState({ locale: 'en_US' });
    expect(abbreviate(23_000)).toBe('23k');
    expect(formatCardValue(2_300_000, false).text).toBe('2.3m');
  });
});
