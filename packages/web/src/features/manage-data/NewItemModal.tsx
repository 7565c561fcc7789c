import { projectDataItem, type ProjectDataItem } from '@yuqing/core';
import { Form, Input, Modal, Radio, type ButtonProps } from 'antd';
import { useT } from '../../i18n/useT';
import { KIND_LABELS } from './kindLabels';
import { checkWithSchema } from '../../forms/schemaIssues';

interface NewItemModalProps {
  open: boolean;
  existing: readonly string[];
  onCreate: (item: ProjectDataItem) => void;
  onCancel: () => void;
}

interface NewItemFields {
  name: string;
  kind: ProjectDataItem['kind'];
}

/** Names a new data item and picks list or tree; it is saved from the editor. */
export function NewItemModal({ open, existing, onCreate, onCancel }: NewItemModalProps) {
  const t = useT();
  const [form] = Form.useForm<NewItemFields>();

  async function submit() {
    const { name, kind } = await form.validateFields();
    onCreate({ name: name.trim(), kind, items: [] });
    form.resetFields();
  }

  return (
    <Modal
      open={open}
      title={t('新建数据项')}
      okText={t('创建')}
      cancelText={t('取消')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'data-new-ok' } as ButtonProps}
    >
      <Form<NewItemFields>
        form={form}
        layout="vertical"
        initialValues={{ name: '', kind: 'list' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="name"
          label={t('数据名称')}
          extra={t('筛选项的 api 与自定义树形菜单按此名称读取')}
          rules={[
            {
              validator: async (_, value: unknown) => {
                const checked = checkWithSchema(
                  projectDataItem.shape.name,
                  value,
                  () => t('数据名称'),
                  t,
                );
                if (!checked.ok) throw new Error(checked.issues[0]!.message);
                if (existing.includes(checked.data)) {
                  throw new Error(t('数据名称「{name}」已存在', { name: checked.data }));
                }
              },
            },
          ]}
        >
          <Input autoFocus maxLength={100} data-testid="data-new-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('类型')}>
          <Radio.Group
            options={[
              { value: 'list', label: t('{kind}（value / label）', { kind: t(KIND_LABELS.list) }) },
              { value: 'tree', label: t('{kind}（可嵌套子项）', { kind: t(KIND_LABELS.tree) }) },
            ]}
            data-testid="data-new-kind"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
