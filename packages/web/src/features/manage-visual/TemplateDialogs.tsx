import { DeleteOutlined } from '@ant-design/icons';
import { Button, Form, Input, List, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { deleteTemplate, fetchTemplate, fetchTemplates, saveTemplate } from '../../api/manage';
import { notify } from '../../api/notify';
import { useT } from '../../i18n/useT';
import { useFetchedList } from '../../api/useFetchedList';
import { useEditorStore } from './editorStore';

interface DialogProps {
  open: boolean;
  onClose(): void;
}

/** 另存为模板: the working copy under a name, for every project of the customer. */
export function SaveTemplateModal({ open, onClose }: DialogProps) {
  const t = useT();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const { name } = await form.validateFields();
    setSaving(true);
    try {
      await saveTemplate({ name: name.trim(), template: useEditorStore.getState().dashboard });
      notify(t('模板已保存'), 'success');
      form.resetFields();
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={t('另存为模板')}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText={t('保存')}
      cancelText={t('取消')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('模板名称')}
          rules={[{ required: true, whitespace: true }, { max: 50 }]}
        >
          <Input data-testid="manage-template-name" maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 从模板创建: a template's pages and menu items join the draft (colliding keys renamed). */
export function FromTemplateModal({ open, onClose }: DialogProps) {
  const t = useT();
  /** Raised to read the list again after a delete. */
  const [deletions, setDeletions] = useState(0);
  const templates = useFetchedList(fetchTemplates, open, deletions);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const mergeTemplate = useEditorStore((state) => state.mergeTemplate);

  const use = async (name: string) => {
    setBusy(name);
    try {
      const template = await fetchTemplate(name);
      const added = mergeTemplate(template.template);
      notify(t('已从模板「{name}」添加 {count} 个页面', { name, count: added.length }), 'success');
      onClose();
    } finally {
      setBusy(undefined);
    }
  };

  const remove = async (name: string) => {
    await deleteTemplate(name);
    setDeletions((count) => count + 1);
  };

  return (
    <Modal title={t('从模板创建页面')} open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <List
        loading={templates === undefined}
        dataSource={templates ?? []}
        locale={{ emptyText: t('还没有模板：用「另存为模板」保存一个') }}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button
                key="use"
                type="primary"
                size="small"
                loading={busy === item.name}
                onClick={() => use(item.name)}
                data-testid={`manage-template-use-${item.name}`}
              >
                {t('使用')}
              </Button>,
              <Popconfirm
                key="delete"
                title={t('删除模板「{name}」？', { name: item.name })}
                okText={t('删除')}
                cancelText={t('取消')}
                onConfirm={() => remove(item.name)}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('删除模板')}
                />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={item.name}
              description={[
                t('{count} 个页面', { count: item.pages }),
                new Date(item.createdAt).toLocaleString('zh-CN', { hour12: false }),
                item.createdBy,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
