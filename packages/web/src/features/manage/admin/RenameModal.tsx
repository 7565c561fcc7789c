import { updateProject } from '@yuqing/core';
import { Form, Input } from 'antd';
import { FormModal } from './FormModal';
import { schemaRule } from './formRules';

export interface RenameTarget {
  /** 客户 or 项目. */
  noun: string;
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
  const [form] = Form.useForm<{ name: string }>();
  const label = `${target?.noun ?? ''}名称`;
  return (
    <FormModal<{ name: string }>
      open={target !== undefined}
      title={`重命名${target?.noun ?? ''}「${target?.code ?? ''}」`}
      okText="保存"
      form={form}
      initialValues={{ name: target?.name ?? '' }}
      onClose={onClose}
      onSubmit={async ({ name }) => target?.rename(name)}
      testId="admin-rename-form"
    >
      <Form.Item
        name="name"
        label={label}
        rules={[schemaRule(updateProject.shape.name.unwrap(), label)]}
      >
        <Input maxLength={100} data-testid="admin-rename-name" />
      </Form.Item>
    </FormModal>
  );
}
