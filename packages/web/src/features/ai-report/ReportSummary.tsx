import { RobotOutlined } from '@ant-design/icons';
import {
  compactRequest,
  summarizeReport,
  type ListAnswer,
  type NameValue,
  type StatisticsAnswer,
} from '@yuqing/core';
import { Alert, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { search } from '../../api/search';
import { useQueryStore } from '../dashboard/query/queryStore';
import { displayName } from '../dashboard/widgets/displayName';
import styles from './ReportSummary.module.css';

interface Settled {
  key: string;
  lines?: string[];
  error?: string;
}

async function loadSummary(body: Record<string, unknown>): Promise<string[]> {
  const [statistics, platforms] = await Promise.all([
    search<StatisticsAnswer>({ ...body, aggs: 'common_statistics' }),
    search<ListAnswer<NameValue>>({
      ...body,
      aggs: 'common_terms',
      field: 'media_platform',
      size: 1,
    }),
  ]);
  const top = platforms.list[0];
  return summarizeReport(statistics, top && { name: displayName(top.name), value: top.value });
}

/** The report's heading and its summary of the current query, rewritten when the query changes. */
export function ReportSummary({ title }: { title: string }) {
  const query = useQueryStore((state) => state.query);
  const body = compactRequest({
    ...query,
    chartOptions: undefined,
    useModified: undefined,
    weiboRetweetedMid: undefined,
  });
  const key = JSON.stringify(body);
  const [settled, setSettled] = useState<Settled | undefined>(undefined);

  useEffect(() => {
    let current = true;
    loadSummary(JSON.parse(key) as Record<string, unknown>).then(
      (lines) => current && setSettled({ key, lines }),
      (error: unknown) =>
        current &&
        setSettled({ key, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [key]);

  const ready = settled?.key === key;
  return (
    <section className={styles.summary} data-testid="ai-report-summary">
      <h2 className={styles.title}>
        <RobotOutlined /> {title}
      </h2>
      {!ready ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : settled.error ? (
        <Alert type="error" showIcon message={settled.error} />
      ) : (
        settled.lines?.map((line) => (
          <p key={line} className={styles.line}>
            {line}
          </p>
        ))
      )}
      <p className={styles.note}>摘要由统计规则根据当前筛选条件自动生成。</p>
    </section>
  );
}
