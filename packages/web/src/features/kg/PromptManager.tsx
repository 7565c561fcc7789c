import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CHAT_ROLES, type Prompt, type PromptInput } from '@yuqing/core';
import {
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { removePrompt, savePrompt } from '../../api/llm';
import { notify } from '../../api/notify';
import { zh } from '../../i18n/translateText';
import { useT, type Translate } from '../../i18n/useT';

const ROLE_LABELS = { system: zh('系统'), user: zh('用户'), assistant: zh('助手') } as const;

/** A new prompt's starting messages, in the viewer's language; `{title}` and `{text}` stay. */
const newPrompt = (t: Translate): PromptInput => ({
  name: '',
  type_name: '',
  temperature: 0.7,
  prompt: [
    { role: 'system', content: t('你是一名舆情分析师。') },
    {
      role: 'user',
      content: t('请分析这篇内容的情感倾向和主要观点。\n标题：{title}\n正文：{text}'),
    },
  ],
});

interface PromptManagerProps {
  open: boolean;
  prompts: readonly Prompt[];
  onClose(): void;
  /** A prompt was added, edited or deleted: the list is stale. */
  onChanged(): void;
}

/** The project's prompts (admins): list, create, edit, delete. Placeholders name post fields. */
export function PromptManager({ open, prompts, onClose, onChanged }: PromptManagerProps) {
  const t = useT();
  const roleOptions = CHAT_ROLES.map((role) => ({ value: role, label: t(ROLE_LABELS[role]) }));
  const [editing, setEditing] = useState<(PromptInput & { _id?: string }) | undefined>();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<PromptInput>();

  const edit = (prompt: PromptInput & { _id?: string }) => {
    setEditing(prompt);
    form.setFieldsValue(prompt);
  };

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await savePrompt({ ...values, _id: editing?._id });
      notify(t('保存成功'), 'success');
      setEditing(undefined);
      onChanged();
    } catch {
      // The client has shown why.
    } finally {
      setSaving(false);
    }
  };

  const remove = async (id: string) => {
    try {
      await removePrompt(id);
      notify(t('删除成功'), 'success');
      onChanged();
    } catch {
      // The client has shown why.
    }
  };

  const columns: TableColumnsType<Prompt> = [
    { title: t('名称'), dataIndex: 'name' },
    { title: t('类型'), dataIndex: 'type_name' },
    { title: t('温度'), dataIndex: 'temperature', width: 72 },
    {
      title: t('操作'),
      key: 'actions',
      width: 140,
      render: (_value, prompt) => (
        <Space>
          <Button type="link" size="small" onClick={() => edit(prompt)}>
            {t('编辑')}
          </Button>
          <Popconfirm title={t('确定删除该提示词？')} onConfirm={() => void remove(prompt._id)}>
            <Button type="link" size="small" danger>
              {t('删除')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      title={t('管理提示词')}
      open={open}
      onClose={onClose}
      size={720}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(newPrompt(t))}>
          {t('新建提示词')}
        </Button>
      }
    >
      <Table<Prompt>
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={[...prompts]}
        pagination={false}
        locale={{ emptyText: t('暂无提示词') }}
      />
      <Modal
        title={editing?._id ? t('编辑提示词') : t('新建提示词')}
        open={editing !== undefined}
        onCancel={() => setEditing(undefined)}
        onOk={() => void save()}
        confirmLoading={saving}
        okText={t('保存')}
        cancelText={t('取消')}
        width={640}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label={t('名称')}
            rules={[{ required: true, message: t('请输入名称') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="type_name"
            label={t('类型')}
            rules={[{ required: true, message: t('请输入类型') }]}
          >
            <Input maxLength={50} placeholder={t('如：情感分析、摘要')} />
          </Form.Item>
          <Form.Item name="temperature" label={t('温度')}>
            <InputNumber min={0} max={2} step={0.1} />
          </Form.Item>
          <Form.List name="prompt">
            {(fields, { add, remove: removeMessage }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="start" style={{ display: 'flex' }}>
                    <Form.Item name={[field.name, 'role']}>
                      <Select options={roleOptions} style={{ width: 88 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'content']}
                      rules={[{ required: true, whitespace: true, message: t('请输入内容') }]}
                      extra={t('可用 {title}、{text}、{media}、{media_platform} 等占位符')}
                      style={{ width: 440 }}
                    >
                      <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('删除消息')}
                      disabled={fields.length <= 1}
                      onClick={() => removeMessage(field.name)}
                    />
                  </Space>
                ))}
                <Button onClick={() => add({ role: 'user', content: '' })} icon={<PlusOutlined />}>
                  {t('添加消息')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Modal>
    </Drawer>
  );
}
