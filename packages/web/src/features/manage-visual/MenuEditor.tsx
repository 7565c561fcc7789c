import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { MenuItem } from '@yuqing/core';
import { Button, Checkbox, Form, Input, Popconfirm } from 'antd';
import { useMemo, useState } from 'react';
import { zh, type ZhText } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { useEditorStore } from './editorStore';
import { menuErrors } from './validation';
import styles from './VisualEditor.module.css';

/** The menu: one item per page; add, remove, reorder, and edit each item's fields. */
export function MenuEditor() {
  const t = useT();
  const dashboard = useEditorStore((state) => state.dashboard);
  const update = useEditorStore((state) => state.updateMenuItem);
  const move = useEditorStore((state) => state.moveMenuItem);
  const addPage = useEditorStore((state) => state.addPage);
  const removePage = useEditorStore((state) => state.removePage);
  const errors = useMemo(() => menuErrors(dashboard, t), [dashboard, t]);
  const menu = dashboard.menu;

  const field = (index: number, name: keyof MenuItem, label: ZhText, placeholder?: string) => {
    const error = errors.get(`${index}.${name}`);
    return (
      <Form.Item
        label={t(label)}
        required
        validateStatus={error ? 'error' : undefined}
        help={error}
        style={{ marginBottom: 6 }}
      >
        <Input
          value={String(menu[index]![name])}
          placeholder={placeholder}
          data-testid={`manage-menu-${name}-${index}`}
          onChange={(event) => update(index, { [name]: event.target.value })}
        />
      </Form.Item>
    );
  };

  return (
    <div className={styles.panelBody} data-testid="manage-menu">
      <div className={styles.rows}>
        {menu.map((item, index) => (
          <div key={index} className={styles.card}>
            <div className={styles.cardHead}>
              <span className={styles.rowGrow}>
                {index + 1}. {item.label ? t.label(item.label) : t('（未命名）')}
              </span>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={t('上移')}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                data-testid={`manage-menu-up-${index}`}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={t('下移')}
                disabled={index === menu.length - 1}
                onClick={() => move(index, 1)}
              />
              <Popconfirm
                title={t('删除菜单「{label}」和它的页面？', { label: t.label(item.label) })}
                okText={t('删除')}
                cancelText={t('取消')}
                onConfirm={() => removePage(item.key)}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('删除')}
                />
              </Popconfirm>
            </div>
            <Form layout="horizontal" size="small" labelCol={{ flex: '56px' }} colon={false}>
              {field(index, 'label', zh('名称'))}
              <KeyField index={index} />
              {field(index, 'path', zh('路径'), '/overview')}
            </Form>
            <div className={styles.row} style={{ flexWrap: 'wrap' }}>
              <Checkbox
                checked={item.default}
                onChange={(event) => update(index, { default: event.target.checked })}
              >
                {t('默认页')}
              </Checkbox>
              <Checkbox
                checked={item.show}
                onChange={(event) => update(index, { show: event.target.checked })}
              >
                {t('显示')}
              </Checkbox>
              <Checkbox
                checked={item.adminVisible}
                onChange={(event) => update(index, { adminVisible: event.target.checked })}
              >
                {t('仅管理员可见')}
              </Checkbox>
              <Checkbox
                checked={item.isAiReport}
                onChange={(event) => update(index, { isAiReport: event.target.checked })}
              >
                {t('AI 报告')}
              </Checkbox>
            </div>
          </div>
        ))}
        <Button icon={<PlusOutlined />} onClick={addPage} disabled={menu.length >= 50}>
          {t('添加菜单和页面')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The key names the item's page, so it changes on blur (the page moves with it) and never to a
 * key another item uses.
 */
function KeyField({ index }: { index: number }) {
  const t = useT();
  const menu = useEditorStore((state) => state.dashboard.menu);
  const update = useEditorStore((state) => state.updateMenuItem);
  const key = menu[index]!.key;
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const value = draft ?? key;
  const taken = menu.some((item, i) => i !== index && item.key === value.trim());
  const error = !value.trim() ? t('请输入key') : taken ? t('菜单 key 重复') : undefined;
  return (
    <Form.Item
      label="key"
      required
      validateStatus={error ? 'error' : undefined}
      help={error}
      style={{ marginBottom: 6 }}
    >
      <Input
        value={value}
        placeholder={t('页面的唯一标识')}

        data-testid={`manage-menu-key-${index}`}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (!error && value.trim() !== key) update(index, { key: value.trim() });
          setDraft(undefined);
        }}
      />
    </Form.Item>
  );
}
