import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { MenuItem } from '@yuqing/core';
import { Button, Checkbox, Form, Input, Popconfirm } from 'antd';
import { useMemo, useState } from 'react';
import { useEditorStore } from './editorStore';
import { menuErrors } from './validation';
import styles from './VisualEditor.module.css';

/** The menu: one item per page; add, remove, reorder, and edit each item's fields. */
export function MenuEditor() {
  const dashboard = useEditorStore((state) => state.dashboard);
  const update = useEditorStore((state) => state.updateMenuItem);
  const move = useEditorStore((state) => state.moveMenuItem);
  const addPage = useEditorStore((state) => state.addPage);
  const removePage = useEditorStore((state) => state.removePage);
  const errors = useMemo(() => menuErrors(dashboard), [dashboard]);
  const menu = dashboard.menu;

  const field = (index: number, name: keyof MenuItem, label: string, placeholder?: string) => {
    const error = errors.get(`${index}.${name}`);
    return (
      <Form.Item
        label={label}
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
                {index + 1}. {item.label || '（未命名）'}
              </span>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label="上移"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                data-testid={`manage-menu-up-${index}`}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label="下移"
                disabled={index === menu.length - 1}
                onClick={() => move(index, 1)}
              />
              <Popconfirm
                title={`删除菜单「${item.label}」和它的页面？`}
                okText="删除"
                cancelText="取消"
                onConfirm={() => removePage(item.key)}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label="删除"
                />
              </Popconfirm>
            </div>
            <Form layout="horizontal" size="small" labelCol={{ flex: '56px' }} colon={false}>
              {field(index, 'label', '名称')}
              <KeyField index={index} />
              {field(index, 'path', '路径', '/overview')}
            </Form>
            <div className={styles.row} style={{ flexWrap: 'wrap' }}>
              <Checkbox
                checked={item.default}
                onChange={(event) => update(index, { default: event.target.checked })}
              >
                默认页
              </Checkbox>
              <Checkbox
                checked={item.show}
                onChange={(event) => update(index, { show: event.target.checked })}
              >
                显示
              </Checkbox>
              <Checkbox
                checked={item.adminVisible}
                onChange={(event) => update(index, { adminVisible: event.target.checked })}
              >
                仅管理员可见
              </Checkbox>
              <Checkbox
                checked={item.isAiReport}
                onChange={(event) => update(index, { isAiReport: event.target.checked })}
              >
                AI 报告
              </Checkbox>
            </div>
          </div>
        ))}
        <Button icon={<PlusOutlined />} onClick={addPage} disabled={menu.length >= 50}>
          添加菜单和页面
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
  const menu = useEditorStore((state) => state.dashboard.menu);
  const update = useEditorStore((state) => state.updateMenuItem);
  const key = menu[index]!.key;
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const value = draft ?? key;
  const taken = menu.some((item, i) => i !== index && item.key === value.trim());
  const error = !value.trim() ? '请输入key' : taken ? '菜单 key 重复' : undefined;
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
        placeholder="页面的唯一标识"
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
