import { CloseOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { primaryColorOf, useSession } from '../../session/session';
import { useT } from '../../i18n/useT';
import { useQueryStore } from '../queryStore';
import { chipText, excludeAction, ignoreAction, withAlpha } from './chips';
import styles from './QueryBar.module.css';

/** The highlight of a chip: the primary colour at 40% alpha (spec 9). */
const HIGHLIGHT_ALPHA = 0.4;

/**
 * The applied-filters bar (spec 2): one chip per drill-down filter of the query. A chip can be
 * removed, switched between excluding and including its values, and temporarily disabled; the
 * exclude action is off while the chip is disabled (spec 4). Each action reloads the charts
 * through the query store.
 */
export function AppliedFilters() {
  const filters = useQueryStore((state) => state.query.filters);
  const removeFilter = useQueryStore((state) => state.removeFilter);
  const toggleExclude = useQueryStore((state) => state.toggleExclude);
  const toggleIgnore = useQueryStore((state) => state.toggleIgnore);
  const highlight = withAlpha(primaryColorOf(useSession()), HIGHLIGHT_ALPHA);
  const t = useT();
  if (filters.length === 0) return null;

  return (
    <div className={styles.applied} data-testid="applied-filters" aria-label={t('已选筛选条件')}>
      {filters.map((chip, index) => {
        const text = chipText(chip, t);
        const exclude = excludeAction(chip);
        const ignore = ignoreAction(chip);
        const classes = [
          styles.chip,
          chip.exclude ? styles.chipExcluded : '',
          chip.ignore ? styles.chipIgnored : '',
        ].join(' ');
        return (
          <span
            key={`${chip.field}-${index}`}
            className={classes}
            style={chip.ignore ? undefined : { background: highlight }}
            data-testid={`filter-chip-${index}`}
            data-excluded={chip.exclude}
            data-ignored={chip.ignore}
          >
            {chip.exclude && <span className={styles.chipNot}>{t('非')}</span>}
            <Tooltip title={text.full}>
              <span className={styles.chipText}>{text.short}</span>
            </Tooltip>
            <Tooltip title={t(exclude.tip)}>
              <Button
                size="small"
                type="link"
                className={styles.chipAction}
                aria-label={t(exclude.text)}
                data-testid={`filter-chip-exclude-${index}`}
                disabled={chip.ignore}
                onClick={() => toggleExclude(index)}
              >
                {t(exclude.text)}
              </Button>
            </Tooltip>
            <Tooltip title={t(ignore.tip)}>
              <Button
                size="small"
                type="link"
                className={styles.chipAction}
                aria-label={t(ignore.text)}
                data-testid={`filter-chip-ignore-${index}`}
                onClick={() => toggleIgnore(index)}
              >
                {t(ignore.text)}
              </Button>
            </Tooltip>
            <Button
              size="small"
              type="text"
              className={styles.chipRemove}
              aria-label={t('chip.remove')}
              title={t('chip.remove')}
              data-testid={`filter-chip-remove-${index}`}
              icon={<CloseOutlined />}
              onClick={() => removeFilter(index)}
            />
          </span>
        );
      })}
    </div>
  );
}
