import { SettingOutlined } from '@ant-design/icons';
import {
  BRIEF_PROMPT_TYPE,
  TAGGING_WARNINGS,
  fillPrompt,
  readModelAnswer,
  type ModelAnswerView,
  type ModelType,
  type Prompt,
} from '@yuqing/core';
import { Alert, Button, Empty, Segmented, Select, Space, Spin, Table, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { askModel, fetchPrompts } from '../../api/llm';
import { notify } from '../../api/notify';
import { zh } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/session';
import { hasContent, type KgContent } from './kgContent';
import { PromptManager } from './PromptManager';
import styles from './KgPage.module.css';

const MODEL_LABELS = { gpt3: zh('标准模型'), gpt4: zh('高级模型') } as const satisfies Record<
  ModelType,
  string
>;

/**
 * Prompts as select options grouped by their type (spec 2: a prompt list grouped by type). The
 * AI report's brief prompt is filled with a page's figures, not a post's, so it is not offered.
 */
function promptOptions(prompts: readonly Prompt[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const prompt of prompts) {
    if (prompt.type_name === BRIEF_PROMPT_TYPE) continue;
    const group = groups.get(prompt.type_name) ?? [];
    group.push({ value: prompt._id, label: prompt.name });
    groups.set(prompt.type_name, group);
  }
  return [...groups].map(([type, options]) => ({ label: type, title: type, options }));
}

function ModelAnswer({ view }: { view: ModelAnswerView }) {
  if (view.kind === 'text') {
    return (
      <Typography.Paragraph className={styles.answer} data-testid="kg-gpt-text">
        {view.text}
      </Typography.Paragraph>
    );
  }
  return (
    <Table
      size="small"
      data-testid="kg-gpt-table"
      pagination={false}
      scroll={{ x: true }}
      columns={view.columns.map((title, index) => ({ title, dataIndex: String(index) }))}
      dataSource={view.rows.map((row, index) => ({ ...row, key: String(index) }))}
    />
  );
}

/**
 * GPT mode (admins): a stored prompt filled with the form's content, asked of one of the models
 * the server has configured (none offered, and 分析 off, when it has none).
 */
export function KgGptPanel({ content }: { content: KgContent }) {
  const t = useT();
  const models = useSession().detail?.models ?? [];
  const [prompts, setPrompts] = useState<Prompt[]>([]);
  const [promptId, setPromptId] = useState<string>();
  const [model, setModel] = useState<ModelType | undefined>(
    models.includes('gpt4') ? 'gpt4' : models[0],
  );
  const [answer, setAnswer] = useState<ModelAnswerView>();
  const [asking, setAsking] = useState(false);
  const [managing, setManaging] = useState(false);
  const running = useRef<AbortController>(undefined);

  const loadPrompts = useCallback(() => {
    fetchPrompts().then(setPrompts, () => setPrompts([]));
  }, []);
  useEffect(loadPrompts, [loadPrompts]);
  useEffect(() => () => running.current?.abort(), []);

  const options = useMemo(() => promptOptions(prompts), [prompts]);
  const chosen = prompts.find((prompt) => prompt._id === promptId);

  const ask = async () => {
    if (!hasContent(content)) return notify(t.label(TAGGING_WARNINGS.noContent), 'warning');
    if (!content.media_type) return notify(t.label(TAGGING_WARNINGS.noTextType), 'warning');
    if (!chosen) return notify(t('请选择提示词'), 'warning');
    if (!model) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setAsking(true);
    setAnswer(undefined);
    try {
      const text = await askModel(
        {
          type: model,
          messages: fillPrompt(chosen.prompt, { ...content, text: content.body }),
          temperature: chosen.temperature,
        },
        controller.signal,
      );
      setAnswer(readModelAnswer(text));
    } catch {
      // The client has shown why.
    } finally {
      if (running.current === controller) setAsking(false);
    }
  };

  return (
    <div className={styles.gpt} data-testid="kg-gpt">
      {models.length === 0 && (
        <Alert
          type="info"
          showIcon
          message={t('尚未配置语言模型')}
          description={t(
            '请服务器管理员设置 LLM_BASE_URL、LLM_API_KEY 与 LLM_MODEL_GPT3 或 LLM_MODEL_GPT4 后重启服务（见 README「Language-model analysis」）。',
          )}
          data-testid="kg-no-model"
        />
      )}
      <Space wrap>
        <Select
          className={styles.promptSelect}
          placeholder={t('请选择提示词')}
          options={options}
          value={promptId}
          onChange={setPromptId}
          notFoundContent={t('暂无提示词')}
          data-testid="kg-prompt"
        />
        {models.length > 1 && (
          <Segmented<ModelType>
            options={models.map((type) => ({ value: type, label: t(MODEL_LABELS[type]) }))}
            value={model}
            onChange={setModel}
          />
        )}
        <Button
          type="primary"
          loading={asking}
          disabled={!model}
          onClick={() => void ask()}
          data-testid="kg-gpt-run"
        >
          {t('分析')}
        </Button>
        <Button type="link" icon={<SettingOutlined />} onClick={() => setManaging(true)}>
          {t('管理提示词')}
        </Button>
      </Space>
      <Spin spinning={asking} tip={t('模型分析中…')}>
        <div className={styles.answerBox}>
          {answer ? (
            <>
              <Typography.Text type="secondary" className={styles.modelMark}>
                {t('以下内容由语言模型生成')}
              </Typography.Text>
              <ModelAnswer view={answer} />
            </>
          ) : (
            <Empty description={t('选择提示词后点击「分析」')} />
          )}
        </div>
      </Spin>
      <PromptManager
        open={managing}
        prompts={prompts}
        onClose={() => setManaging(false)}
        onChanged={loadPrompts}
      />
    </div>
  );
}
