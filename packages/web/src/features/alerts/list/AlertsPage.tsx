import {
  DEFAULT_TIMEZONE,
  displayValue,
  valueLabels,
  type Alert,
  type AlertLevel,
} from '@yuqing/core';
import { Badge, Button, Empty, Pagination, Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { fetchAlertRuleNames, markAlertsRead } from '../../../api/alerts';
import { useT } from '../../../i18n/useT';
import { useSession } from '../../../session/session';
import { useFetchedList } from '../../../api/useFetchedList';
import { translatedLevelOptions } from '../../../alert-display/levelOptions';
import { AlertCard } from './AlertCard';
import { useAlertList } from './useAlertList';
import styles from './AlertsPage.module.css';

const PAGE_SIZE = 20;

/** 预警信息 (#/alerts): the project's alerts for its members, newest first, unread marked. */
export function AlertsPage() {
  const t = useT();
  const detail = useSession().detail;
  const levelOptions = useMemo(() => translatedLevelOptions(t), [t]);
  const timeZone = detail?.project.timezone ?? DEFAULT_TIMEZONE;
  const labels = useMemo(() => valueLabels(detail?.project), [detail]);
  const [ruleId, setRuleId] = useState<string>();
  const [level, setLevel] = useState<AlertLevel>();
  const [page, setPage] = useState(0);
  const [version, setVersion] = useState(0);
  // Every rule of the project by name, whether or not an alert of it is on this page.
  const ruleNames = useFetchedList(fetchAlertRuleNames);
  const ruleOptions = useMemo(
    () => ruleNames?.map((rule) => ({ value: rule._id, label: rule.name })),
    [ruleNames],
  );
  const { answer, loading } = useAlertList(
    { rule_id: ruleId, level, page, size: PAGE_SIZE },
    version,
  );

  async function read(target: { ids: string[] } | { all: true }) {
    try {
      await markAlertsRead(target);
    } catch {
      // The API client has said why.
    }
    setVersion((value) => value + 1);
  }

  const filterTo = (apply: () => void) => {
    apply();
    setPage(0);
  };

  return (
    <div className={styles.page} data-testid="alerts-page">
      <section className={styles.panel}>
        <div className={styles.head}>
          <h2 className={styles.title}>{t('page.alerts')}</h2>
          <Badge
            count={answer?.unread ?? 0}
            showZero
            color={answer?.unread ? '#f5222d' : '#bfbfbf'}
            overflowCount={999}
            data-testid="alerts-unread"
          />
          <span className={styles.meta}>{t('条未读')}</span>
          <div className={styles.filters}>
            <Select
              allowClear
              placeholder={t('全部规则')}
              style={{ width: 200 }}
              value={ruleId}
              data-testid="alerts-filter-rule"
              showSearch
              optionFilterProp="label"
              loading={ruleNames === undefined}
              options={ruleOptions}
              notFoundContent={t('暂无规则')}
              onChange={(value?: string) => filterTo(() => setRuleId(value))}
            />
            <Select
              allowClear
              placeholder={t('全部级别')}
              style={{ width: 120 }}
              value={level}
              data-testid="alerts-filter-level"
              options={levelOptions}
              onChange={(value?: AlertLevel) => filterTo(() => setLevel(value))}
            />
            <Button
              disabled={!answer?.unread}
              data-testid="alerts-read-all"
              onClick={() => void read({ all: true })}
            >
              {t('全部标为已读')}
            </Button>
          </div>
        </div>
        <Spin spinning={loading}>
          {answer && answer.list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无数据')} />
          ) : (
            <div className={styles.list} data-testid="alerts-list">
              {answer?.list.map((alert: Alert) => (
                <AlertCard
                  key={alert._id}
                  alert={alert}
                  timeZone={timeZone}
                  label={(code) => t.label(displayValue(labels, code))}
                  onRead={(target) => void read({ ids: [target._id] })}
                />
              ))}
            </div>
          )}
        </Spin>
        {answer && answer.total > PAGE_SIZE && (
          <div className={styles.pager}>
            <Pagination
              current={page + 1}
              pageSize={PAGE_SIZE}
              total={answer.total}
              showSizeChanger={false}
              onChange={(next) => setPage(next - 1)}
            />
          </div>
        )}
      </section>
    </div>
  );
}
