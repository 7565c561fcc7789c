import { RobotOutlined } from '@ant-design/icons';
import {
  compactRequest,
  summarizeReport,
  summarySearches,
  type ListAnswer,
  type NameValue,
  type ModelReportSummary,
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
import { CitedLine } from './CitedLine';
import styles from './ReportSummary.module.css';

const RULES_NOTE = zh('摘要由统计规则根据当前筛选条件自动生成。');
const MODEL_NOTE = zh(
  '摘要由语言模型根据当前筛选条件下的统计数字和代表性信息撰写，[n] 标出所依据的资料，其中的数字已与统计核对；请以图表数据为准。',
);
const INSUFFICIENT_NOTE = zh('本期信息过少，未请语言模型撰写摘要。');

interface Settled {
  key: string;
  lines?: string[];
  error?: string;
}

/** The model's summary of one query, or why there is none. */
interface Written {
  key: string;
  summary?: NonNullable<ModelReportSummary>;
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
          setWritten({ key, summary });
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
  const brief = ready && !settled.error && written?.key === key ? written.summary : undefined;
  const modelFailed = admin && written?.key === key ? written.failed : undefined;
  return (
    <section className={styles.summary} data-testid="ai-report-summary">
      <h2 className={styles.title}>
        <RobotOutlined /> {title}
        {brief && !brief.insufficient && (
          <Tag color="purple" data-testid="ai-report-summary-by-model">
            {t('大模型撰写')}
          </Tag>
        )}
      </h2>
      {!ready ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : settled.error ? (
        <Alert type="error" showIcon message={settled.error} />
      ) : brief ? (
        brief.lines.map((line) => <CitedLine key={line} line={line} sources={brief.sources} />)
      ) : (
        settled.lines?.map((line) => (
          <p key={line} className={styles.line}>
            {t.label(line)}
          </p>
        ))
      )}
      {brief && brief.dropped > 0 && (
        <p className={styles.note} data-testid="ai-report-dropped">
          {t('已删去 {count} 句数字无法与统计核对的内容。', { count: brief.dropped })}
        </p>
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
      <p className={styles.note}>
        {t(!brief ? RULES_NOTE : brief.insufficient ? INSUFFICIENT_NOTE : MODEL_NOTE)}
      </p>
    </section>
  );
}
