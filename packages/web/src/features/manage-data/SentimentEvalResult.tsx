import { SENTIMENTS, type SentimentEvalRow, type SentimentEvaluation } from '@yuqing/core';
import { Alert, Drawer, Empty, Statistic, Table, Tag, Tooltip } from 'antd';
import { useT, type Translate } from '../../i18n/useT';
import styles from './ManageData.module.css';

type Label = (typeof SENTIMENTS)[number];

const LABEL_COLORS: Record<Label, string> = { 正面: 'green', 中性: 'blue', 负面: 'red' };

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

/** The confusion table: a row per person's label, a column per machine's answer. */
function ConfusionTable({ result, t }: { result: SentimentEvaluation; t: Translate }) {
  const rows = SENTIMENTS.map((label) => ({
    label,
    ...result.confusion[label],
    total: SENTIMENTS.reduce((sum, answer) => sum + result.confusion[label][answer], 0),
    recall: result.recall[label],
  }));
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="label"
      dataSource={rows}
      data-testid="sentiment-eval-confusion"
      columns={[
        {
          title: t('人工标签 \\ 机器判断'),
          dataIndex: 'label',
          render: (label: Label) => <Tag color={LABEL_COLORS[label]}>{t.label(label)}</Tag>,
        },
        ...SENTIMENTS.map((answer) => ({
          title: t.label(answer),
          dataIndex: answer,
          align: 'right' as const,
          render: (count: number, row: { label: Label }) =>
            row.label === answer ? <b>{count}</b> : count,
        })),
        { title: t('合计'), dataIndex: 'total', align: 'right' as const },
        {
          title: t('召回率'),
          dataIndex: 'recall',
          align: 'right' as const,
          render: (value: number | null) => percent(value),
        },
      ]}
    />
  );
}

function WrongRows({ result, t }: { result: SentimentEvaluation; t: Translate }) {
  const byPost = result.source === 'corrections';
  return (
    <Table<SentimentEvalRow>
      size="small"
      rowKey={(row, index) => `${row.line ?? row.postId}-${index}`}
      dataSource={result.wrong}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      data-testid="sentiment-eval-wrong"
      columns={[
        byPost
          ? { title: t('帖子ID'), dataIndex: 'postId', width: 140, ellipsis: true }
          : { title: t('行'), dataIndex: 'line', width: 64, align: 'right' as const },
        {
          title: t('文本'),
          dataIndex: 'text',
          ellipsis: { showTitle: false },
          render: (text: string) => (
            <Tooltip title={text} placement="topLeft">
              {text}
            </Tooltip>
          ),
        },
        {
          title: t('人工标签'),
          dataIndex: 'label',
          width: 88,
          render: (label: Label) => <Tag color={LABEL_COLORS[label]}>{t.label(label)}</Tag>,
        },
        {
          title: t('机器判断'),
          dataIndex: 'predicted',
          width: 88,
          render: (label: Label) => <Tag color={LABEL_COLORS[label]}>{t.label(label)}</Tag>,
        },
      ]}
    />
  );
}

/** 判错的帖子（12 条，列出前 10 条）: what the machine got wrong, and how many are listed. */
function wrongHeading(result: SentimentEvaluation, t: Translate): string {
  const listed =
    result.wrongTotal > result.wrong.length
      ? t('，列出前 {count} 条', { count: result.wrong.length })
      : '';
  const values = { total: result.wrongTotal, listed };
  return result.source === 'corrections'
    ? t('判错的帖子（{total} 条{listed}）', values)
    : t('判错的行（{total} 条{listed}）', values);
}

/**
 * An evaluation's numbers: accuracy, balanced accuracy (the mean recall of 正面 and 负面, a 中性
 * answer counted wrong), the share the machine called 中性, the confusion table and the rows it
 * got wrong.
 */
export function SentimentEvalResult({
  result,
  file,
  onClose,
}: {
  result: SentimentEvaluation | undefined;
  file?: string;
  onClose(): void;
}) {
  const t = useT();
  const title = result?.source === 'corrections' ? t('人工修改的帖子') : (file ?? t('上传的文本'));
  return (
    <Drawer
      open={result !== undefined}
      onClose={onClose}
      size={880}
      title={t('情感模型评估：{title}', { title })}
      destroyOnHidden
    >
      {result && result.total === 0 ? (
        <Empty description={t('还没有人工修改过倾向的帖子')} />
      ) : (
        result && (
          <div className={styles.evalResult} data-testid="sentiment-eval-result">
            {result.source === 'corrections' && (
              <Alert
                type="info"
                showIcon
                message={t(
                  '人工修改的帖子多是机器判错后才被修改的，这里的准确率低于一般文本是正常的；它说明模型在这些帖子上错在哪里。',
                )}
              />
            )}
            <div className={styles.evalNumbers}>
              <Statistic title={t('样本')} value={result.total} suffix={t('条')} />
              <Statistic
                title={t('准确率')}
                value={percent(result.accuracy)}
                data-testid="sentiment-eval-accuracy"
              />
              <Tooltip title={t('正面与负面两类召回率的平均，判为中性算错')}>
                <div>
                  <Statistic title={t('平衡准确率')} value={percent(result.balancedAccuracy)} />
                </div>
              </Tooltip>
              <Statistic title={t('判为中性')} value={percent(result.neutralShare)} />
            </div>
            <h4 className={styles.evalHeading}>{t('混淆表')}</h4>
            <ConfusionTable result={result} t={t} />
            <h4 className={styles.evalHeading}>{wrongHeading(result, t)}</h4>
            <WrongRows result={result} t={t} />
          </div>
        )
      )}
    </Drawer>
  );
}
