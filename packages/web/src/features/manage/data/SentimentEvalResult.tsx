import { SENTIMENTS, type SentimentEvalRow, type SentimentEvaluation } from '@yuqing/core';
import { Alert, Drawer, Empty, Statistic, Table, Tag, Tooltip } from 'antd';
import styles from './ManageData.module.css';

type Label = (typeof SENTIMENTS)[number];

const LABEL_COLORS: Record<Label, string> = { 正面: 'green', 中性: 'blue', 负面: 'red' };

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

/** The confusion table: a row per person's label, a column per machine's answer. */
function ConfusionTable({ result }: { result: SentimentEvaluation }) {
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
          title: '人工标签 \\ 机器判断',
          dataIndex: 'label',
          render: (label: Label) => <Tag color={LABEL_COLORS[label]}>{label}</Tag>,
        },
        ...SENTIMENTS.map((answer) => ({
          title: answer,
          dataIndex: answer,
          align: 'right' as const,
          render: (count: number, row: { label: Label }) =>
            row.label === answer ? <b>{count}</b> : count,
        })),
        { title: '合计', dataIndex: 'total', align: 'right' as const },
        {
          title: '召回率',
          dataIndex: 'recall',
          align: 'right' as const,
          render: (value: number | null) => percent(value),
        },
      ]}
    />
  );
}

function WrongRows({ result }: { result: SentimentEvaluation }) {
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
          ? { title: '帖子ID', dataIndex: 'postId', width: 140, ellipsis: true }
          : { title: '行', dataIndex: 'line', width: 64, align: 'right' as const },
        {
          title: '文本',
          dataIndex: 'text',
          ellipsis: { showTitle: false },
          render: (text: string) => (
            <Tooltip title={text} placement="topLeft">
              {text}
            </Tooltip>
          ),
        },
        {
          title: '人工标签',
          dataIndex: 'label',
          width: 88,
          render: (label: Label) => <Tag color={LABEL_COLORS[label]}>{label}</Tag>,
        },
        {
          title: '机器判断',
          dataIndex: 'predicted',
          width: 88,
          render: (label: Label) => <Tag color={LABEL_COLORS[label]}>{label}</Tag>,
        },
      ]}
    />
  );
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
  const title = result?.source === 'corrections' ? '人工修改的帖子' : (file ?? '上传的文本');
  return (
    <Drawer
      open={result !== undefined}
      onClose={onClose}
      size={880}
      title={`情感模型评估：${title}`}
      destroyOnHidden
    >
      {result && result.total === 0 ? (
        <Empty description="还没有人工修改过倾向的帖子" />
      ) : (
        result && (
          <div className={styles.evalResult} data-testid="sentiment-eval-result">
            {result.source === 'corrections' && (
              <Alert
                type="info"
                showIcon
                message="人工修改的帖子多是机器判错后才被修改的，这里的准确率低于一般文本是正常的；它说明模型在这些帖子上错在哪里。"
              />
            )}
            <div className={styles.evalNumbers}>
              <Statistic title="样本" value={result.total} suffix="条" />
              <Statistic
                title="准确率"
                value={percent(result.accuracy)}
                data-testid="sentiment-eval-accuracy"
              />
              <Tooltip title="正面与负面两类召回率的平均，判为中性算错">
                <div>
                  <Statistic title="平衡准确率" value={percent(result.balancedAccuracy)} />
                </div>
              </Tooltip>
              <Statistic title="判为中性" value={percent(result.neutralShare)} />
            </div>
            <h4 className={styles.evalHeading}>混淆表</h4>
            <ConfusionTable result={result} />
            <h4 className={styles.evalHeading}>
              判错的{result.source === 'corrections' ? '帖子' : '行'}（{result.wrongTotal} 条
              {result.wrongTotal > result.wrong.length ? `，列出前 ${result.wrong.length} 条` : ''}）
            </h4>
            <WrongRows result={result} />
          </div>
        )
      )}
    </Drawer>
  );
}
