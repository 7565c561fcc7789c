import {
  DATE_PRESETS,
  DATE_PRESET_LABELS,
  rangeLabel,
  resolveDatePreset,
  type DatePreset,
  type FilterItem,
} from '@yuqing/core';
import { DatePicker } from 'antd';
import 'dayjs/locale/zh-cn';
import { useMemo, useState } from 'react';
import { zh } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { useQueryStore } from '../queryStore';
import {
  PICKER_FORMATS,
  isOutsideQueryTimes,
  pickerValuesOf,
  rangeFromPicker,
  sameRange,
} from './dateRange';
import { useNow } from './useNow';
import styles from './QueryBar.module.css';

type DateRangeItem = Extract<FilterItem, { type: 'date_range' }>;

export const CUSTOM_RANGE_LABEL = zh('自定义');

/**
 * The date range picker (spec 5): read-only input, no clearing, YYYY/MM/DD, the configured
 * presets. The prefix names the preset (else the quick range chip) the range equals, else
 * 自定义. Date-only picks are
 * widened to whole days in the project's zone; an invalid pair is not applied. The panels switch
 * year → month → date as antd does by default; the week starts on Monday through the zh-cn
 * locales of dayjs and antd.
 */
export function DateRangeFilter({ item, timeZone }: { item: DateRangeItem; timeZone: string }) {
  const start = useQueryStore((state) => state.query.start);
  const end = useQueryStore((state) => state.query.end);
  const setRange = useQueryStore((state) => state.setRange);
  const [invalid, setInvalid] = useState(false);
  const now = useNow();
  const t = useT();
  const picker = item.options.picker;
  const offered: readonly DatePreset[] = item.options.presets ?? DATE_PRESETS;

  const value = useMemo(() => pickerValuesOf({ start, end }, timeZone), [start, end, timeZone]);
  const presets = useMemo(
    () =>
      offered.map((preset) => ({
        label: t.label(DATE_PRESET_LABELS[preset]),
        value: () => pickerValuesOf(resolveDatePreset(preset, Date.now(), timeZone), timeZone),
      })),
    [offered, timeZone, t],
  );
  const named = rangeLabel({ start, end }, now, timeZone, offered);
  const label = named ? t.label(named) : t(CUSTOM_RANGE_LABEL);
  // antd keeps what was browsed or half picked (a year chosen on the year panel) after the
  // popup closes, and shows and submits it later; a fresh picker on every close starts again
  // from the query's range.
  const [opened, setOpened] = useState(0);

  return (
    <span className={styles.control} data-testid="date-range">
      {item.label && <span className={styles.label}>{t.label(item.label)}</span>}
      <DatePicker.RangePicker
        key={opened}
        onOpenChange={(open) => {
          if (!open) setOpened((count) => count + 1);
        }}
        className={styles.rangePicker}
        picker={picker === 'datetime' ? 'date' : picker}
        showTime={picker === 'datetime'}
        format={PICKER_FORMATS[picker]}
        inputReadOnly
        allowClear={false}
        disabledDate={(date) => isOutsideQueryTimes(date)}
        presets={presets}
        prefix={
          <span className={styles.presetName} data-testid="date-range-preset">
            {label}
          </span>
        }
        value={value}
        status={invalid ? 'error' : undefined}
        onChange={(values) => {
          const range = rangeFromPicker(values, picker, timeZone);
          setInvalid(!range);
          if (range && !sameRange(range, { start, end })) setRange(range);
        }}
      />
    </span>
  );
}
