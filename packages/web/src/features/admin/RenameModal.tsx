import { updateProject } from '@yuqing/core';
import { Form, Input } from 'antd';
import { zh } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { FormModal } from './FormModal';
import { schemaRule } from './formRules';

export interface RenameTarget {
  kind: 'customer' | 'project';
  code: string;
  name: string;
  rename: (name: string) => Promise<void>;
}

interface RenameModalProps {
  target: RenameTarget | undefined;
  onClose: () => void;
}

/** 重命名 a customer or a project: the display name only, the code stays. */
export function RenameModal({ target, onClose }: RenameModalProps) {
  const t = useT();
  const [form] = Form.useForm<{ name: string }>();
  const customer = target?.kind === 'customer';
  const label = customer ? zh('客户名称') : zh('项目名称');
  const code = target?.code ?? '';
  return (
    <FormModal<{ name: string }>
      open={target !== undefined}
      title={customer ? t('重命名客户「{code}」', { code }) : t('重命名项目「{code}」', { code })}
      okText={t('保存')}
      form={form}
      initialValues={{ name: target?.name ?? '' }}
      onClose={onClose}
      onSubmit={async ({ name }) => target?.rename(name)}
      testId="admin-rename-form"
    >
      <Form.Item
        name="name"
        label={t(label)}
        rules={[schemaRule(updateProject.shape.name.unwrap(), label, t)]}
      >
        <Input maxLength={100} data-testid="admin-rename-name" />
      </Form.Item>
    </FormModal>
  );
}
