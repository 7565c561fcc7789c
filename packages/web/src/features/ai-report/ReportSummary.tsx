import { RobotOutlined } from '@ant-design/icons';
import {
  compactRequest,
  summarizeReport,
  summarySearches,
  type ListAnswer,
  type NameValue,
  type StatisticsAnswer,
} from '@yuqing/core';
import { Alert, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { fetchModelSummary } from '../../api/aiReport';
import { search } from '../../api/search';
import { zh } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { useQueryStore } from '../../query/queryStore';
import { canManage } from '../../session/access';
import { useOptionalSession } from '../../session/session';
import { displayName } from '../../format/displayName';
import styles from './ReportSummary.module.css';

const RULES_NOTE = zh('摘要由统计规则根据当前筛选条件自动生成。');
const MODEL_NOTE = zh('摘要由语言模型根据当前筛选条件下的统计数字撰写，请以图表数据为准。');

interface Settled {
  key: string;
  lines?: string[];
  error?: string;
}

/** The model's summary of one query, or why there is none. */
interface Written {
  key: string;
  lines?: string[];
  failed?: string;
}

async function loadSummary(body: Record<string, unknown>): Promise<string[]> {
  const searches = summarySearches(body);
  const [statistics, platforms] = await Promise.all([
    search<StatisticsAnswer>(searches.statistics),
    search<ListAnswer<NameValue>>(searches.platforms),
  ]);
  const top = platforms.list[0];
  return summarizeReport(statistics, top && { name: displayName(top.name), value: top.value });
}

/**
 * The report's heading and its summary of the current query, rewritten when the query changes:
 * written by rules from the numbers, then by the language model when the server has one. When the
 * model fails the rules' summary stays, and admins are told why.
 */
export function ReportSummary({ title }: { title: string }) {
  const t = useT();
  const session = useOptionalSession();
  const admin = session ? canManage(session.user) : false;
  const query = useQueryStore((state) => state.query);
  const body = compactRequest({
    ...query,
    chartOptions: undefined,
    useModified: undefined,
    weiboRetweetedMid: undefined,
  });
  const key = JSON.stringify(body);
  const [settled, setSettled] = useState<Settled | undefined>(undefined);
  const [written, setWritten] = useState<Written | undefined>(undefined);

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

  useEffect(() => {
    const controller = new AbortController();
    fetchModelSummary(JSON.parse(key) as Record<string, unknown>, controller.signal).then(
      (summary) => {
        if (!controller.signal.aborted && summary && summary.lines.length > 0) {
          setWritten({ key, lines: summary.lines });
        }
      },
      // Without the model's summary the rule-based one stays.
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setWritten({ key, failed: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [key]);

  const ready = settled?.key === key;
  const byModel = ready && !settled.error && written?.key === key && written.lines !== undefined;
  const lines = byModel ? written.lines : settled?.lines;
  const modelFailed = admin && written?.key === key ? written.failed : undefined;
  return (
    <section className={styles.summary} data-testid="ai-report-summary">
      <h2 className={styles.title}>
        <RobotOutlined /> {title}
        {byModel && (
          <Tag color="purple" data-testid="ai-report-summary-by-model">
            {t('大模型撰写')}
          </Tag>
        )}
      </h2>
      {!ready ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : settled.error ? (
        <Alert type="error" showIcon message={settled.error} />
      ) : (
        lines?.map((line) => (
          <p key={line} className={styles.line}>
            {t.label(line)}
          </p>
        ))
      )}
      {modelFailed && (
        <Alert
          type="warning"
          showIcon
          message={t(
            '语言模型未能撰写摘要（{reason}），本摘要由统计规则生成。此提示仅管理员可见。',
            { reason: modelFailed },
          )}
          data-testid="ai-report-model-failed"
        />
      )}
      <p className={styles.note}>{t(byModel ? MODEL_NOTE : RULES_NOTE)}</p>
    </section>
  );
}
