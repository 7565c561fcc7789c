import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { DEFAULT_TIMEZONE, formatPostTime, type StoredTagRules, type TagRules } from '@yuqing/core';
import { Button, Modal, Space, Spin, Tag, Tooltip, Typography, message } from 'antd';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { fetchTagRules, importTagRulesCsv, tagRulesCsvUrl } from '../../api/tags';
import { useSession } from '../../session/session';
import { followDownload } from '../../export/saveFile';
import { decodeCsv } from './csv';
import styles from './ManageData.module.css';
import { RetagProgress } from './RetagProgress';
import { zh, type ZhText } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';

const KIND_NAMES: [keyof TagRules, ZhText][] = [
  ['brands', zh('品牌')],
  ['categories', zh('品类')],
  ['products', zh('产品')],
  ['topics', zh('话题')],
  ['sentiments', zh('情感词')],
  ['negations', zh('否定词')],
  ['relations', zh('关系规则')],
];

/**
 * The project's tagging rules (admins): how many of each kind, who replaced them last (in the
 * project's zone), and the rules as a CSV file to download, edit and upload again; an upload
 * replaces them all, once the user agrees, and the tagger uses them at once. Posts already stored
 * keep their tags until re-tagged.
 */
export function TagRulesPanel() {
  const t = useT();
  const [stored, setStored] = useState<StoredTagRules>();
  const [importing, setImporting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [modal, modalHolder] = Modal.useModal();
  const timeZone = useSession().detail?.project.timezone ?? DEFAULT_TIMEZONE;

  const load = useCallback(() => {
    fetchTagRules().then(setStored, () => undefined);
  }, []);
  useEffect(load, [load]);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be picked again after fixing it.
    event.target.value = '';
    if (!file) return;
    const csv = decodeCsv(await file.arrayBuffer());
    const current = stored
      ? KIND_NAMES.reduce((sum, [kind]) => sum + stored.rules[kind].length, 0)
      : 0;
    const agreed = await modal.confirm({
      title: t('替换全部标注规则？'),
      content: t(
        '将用「{file}」中的规则替换现有的 {count} 条规则，新规则立即用于标注新数据；已入库数据的标签在重新标注前保持不变。',
        { file: file.name, count: current },
      ),
      okText: t('替换规则'),
      cancelText: t('取消'),
      okButtonProps: { danger: true },
    });
    if (!agreed) return;
    setImporting(true);
    try {
      const count = await importTagRulesCsv(csv);
      void message.success(
        t('已从 {file} 导入 {count} 条规则，标注已使用新规则', { file: file.name, count }),
      );
      load();
    } catch {
      // The client has shown why, naming the line and column.
    } finally {
      setImporting(false);
    }
  }

  return (
    <div className={styles.panel} data-testid="tag-rules">
      <div className={styles.panelHead}>
        <h3 className={styles.panelTitle}>{t('标注规则')}</h3>
      </div>
      <Spin spinning={!stored || importing}>
        <Space size={[4, 8]} wrap data-testid="tag-rules-counts">
          {KIND_NAMES.map(([kind, name]) => (
            <Tag key={kind}>
              {t(name)} {stored?.rules[kind].length ?? 0}
            </Tag>
          ))}
        </Space>
        <Typography.Paragraph type="secondary" className={styles.rulesUpdated}>
          {stored?.updatedAt
            ? stored.updatedBy
              ? t('最近更新：{time}（{user}）', {
                  time: formatPostTime(Date.parse(stored.updatedAt), timeZone),
                  user: stored.updatedBy,
                })
              : t('最近更新：{time}', {
                  time: formatPostTime(Date.parse(stored.updatedAt), timeZone),
                })
            : t('尚未设置规则')}
        </Typography.Paragraph>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => followDownload(tagRulesCsvUrl())}>
            {t('导出 CSV')}
          </Button>
          <Tooltip
            title={t(
              '替换全部标注规则；列：kind,name,path,brand,category,type,product,topic,emotion,words,weight',
            )}
          >
            <Button
              icon={<UploadOutlined />}
              loading={importing}
              onClick={() => input.current?.click()}
            >
              {t('导入 CSV')}
            </Button>
          </Tooltip>
        </Space>
        <RetagProgress />
      </Spin>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className={styles.hiddenInput}
        data-testid="tag-rules-csv-input"
        onChange={(event) => void upload(event)}
      />
      {modalHolder}
    </div>
  );
}
