import { DownloadOutlined, ExperimentOutlined, UploadOutlined } from '@ant-design/icons';
import {
  SENTIMENT_EVAL_MAX_BYTES,
  SENTIMENT_EVAL_MAX_ROWS,
  SENTIMENT_EVAL_SAMPLE,
  SENTIMENTS,
  type SentimentEvaluation,
} from '@yuqing/core';
import { Button, Space, Tooltip, Typography, message } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import {
  correctionsCsvUrl,
  evaluateCorrectedPosts,
  evaluateSentimentCsv,
} from '../../api/corrections';
import { followDownload } from '../../export/saveFile';
import { useT } from '../../i18n/useT';
import { decodeCsv } from './csv';
import { SentimentEvalResult } from './SentimentEvalResult';
import styles from './ManageData.module.css';

const MAX_MB = SENTIMENT_EVAL_MAX_BYTES / 1024 / 1024;

interface Shown {
  result: SentimentEvaluation;
  /** The file evaluated, or none for the project's corrected posts. */
  file?: string;
}

/**
 * 情感模型评估 (admins): how good the machine's sentiment is on the project's own texts. A CSV of
 * texts with people's labels (columns 文本 and 标签), or a sample of the posts people corrected,
 * is classified by the server's model and compared; the corrections can be downloaded as a
 * labelled CSV of the same columns.
 */
export function SentimentEvalPanel() {
  const t = useT();
  const [running, setRunning] = useState<'upload' | 'corrections'>();
  const [shown, setShown] = useState<Shown>();
  const input = useRef<HTMLInputElement>(null);

  async function run(kind: 'upload' | 'corrections', task: () => Promise<Shown | undefined>) {
    setRunning(kind);
    try {
      const next = await task();
      if (next) setShown(next);
    } catch {
      // The client has shown why (a bad line is named).
    } finally {
      setRunning(undefined);
    }
  }

  function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be picked again after fixing it.
    event.target.value = '';
    if (!file) return;
    if (file.size > SENTIMENT_EVAL_MAX_BYTES) {
      void message.error(t('文件不能超过 {size} MB', { size: MAX_MB }));
      return;
    }
    void run('upload', async () => ({
      result: await evaluateSentimentCsv(decodeCsv(await file.arrayBuffer())),
      file: file.name,
    }));
  }

  return (
    <div className={styles.panel} data-testid="sentiment-eval">
      <div className={styles.panelHead}>
        <h3 className={styles.panelTitle}>{t('情感模型评估')}</h3>
      </div>
      <Typography.Paragraph type="secondary" className={styles.rulesUpdated}>
        {t(
          '用人工标注的文本检验机器判断的情感倾向：上传 CSV（两列：文本、标签；标签为 {positive}、{neutral}或{negative}；UTF-8，不超过 {size} MB、{rows} 行），或抽取本项目人工修改过倾向的帖子（至多 {sample} 条）。',
          {
            // The labels the file must hold, as they are written in it.
            positive: SENTIMENTS[0],
            neutral: SENTIMENTS[1],
            negative: SENTIMENTS[2],
            size: MAX_MB,
            rows: SENTIMENT_EVAL_MAX_ROWS.toLocaleString(),
            sample: SENTIMENT_EVAL_SAMPLE.toLocaleString(),
          },
        )}
      </Typography.Paragraph>
      <Space wrap>
        <Button
          icon={<UploadOutlined />}
          loading={running === 'upload'}
          disabled={running !== undefined}
          onClick={() => input.current?.click()}
          data-testid="sentiment-eval-upload"
        >
          {t('上传标注 CSV')}
        </Button>
        <Button
          icon={<ExperimentOutlined />}
          loading={running === 'corrections'}
          disabled={running !== undefined}
          onClick={() =>
            void run('corrections', async () => ({ result: await evaluateCorrectedPosts() }))
          }
          data-testid="sentiment-eval-corrections"
        >
          {t('评估人工修改的帖子')}
        </Button>
        <Tooltip title={t('人工修改过倾向的帖子：文本、标签、帖子ID、机器判断、修改人、修改时间')}>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => followDownload(correctionsCsvUrl('sentiment'))}
            data-testid="corrections-export"
          >
            {t('导出人工修改')}
          </Button>
        </Tooltip>
      </Space>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className={styles.hiddenInput}
        data-testid="sentiment-eval-input"
        onChange={upload}
      />
      <SentimentEvalResult
        result={shown?.result}
        file={shown?.file}
        onClose={() => setShown(undefined)}
      />
    </div>
  );
}
