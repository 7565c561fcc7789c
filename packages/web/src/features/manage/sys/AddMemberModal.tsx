import type { MemberAction, Role } from '@yuqing/core';
import { Form, Input, Modal, Radio, type ButtonProps } from 'antd';
import { useState } from 'react';
import { checkMemberAction } from './memberForms';

interface AddMemberFields {
  username: string;
  nickname: string;
  role: Role;
  password: string;
}

interface AddMemberModalProps {
  open: boolean;
  onCancel: () => void;
  /** Sends the action; resolves true when it was done, so the modal closes. */
  onSubmit: (action: MemberAction) => Promise<boolean>;
}

/** A new account for the project, or an existing username joining it. */
export function AddMemberModal({ open, onCancel, onSubmit }: AddMemberModalProps) {
  const [form] = Form.useForm<AddMemberFields>();
  const [sending, setSending] = useState(false);

  async function submit() {
    const checked = checkMemberAction({ action: 'add', ...form.getFieldsValue() });
    if (!checked.ok) {
      form.setFields(
        checked.errors.map(({ name, errors }) => ({ name: name as keyof AddMemberFields, errors })),
      );
      return;
    }
    setSending(true);
    const done = await onSubmit(checked.data).finally(() => setSending(false));
    if (done) form.resetFields();
  }

  return (
    <Modal
      open={open}
      title="添加成员"
      okText="添加"
      cancelText="取消"
      confirmLoading={sending}
      onOk={() => void submit()}
      onCancel={onCancel}
      forceRender
      okButtonProps={{ 'data-testid': 'member-add-ok' } as ButtonProps}
    >
      <Form<AddMemberFields>
        form={form}
        layout="vertical"
        initialValues={{ username: '', nickname: '', role: 'viewer', password: '' }}
        onFinish={() => void submit()}
      >
        <Form.Item name="username" label="用户名" required extra="已有账号的用户名会直接加入本项目">
          <Input autoComplete="off" maxLength={64} data-testid="member-add-username" />
        </Form.Item>
        <Form.Item name="nickname" label="昵称" required>
          <Input maxLength={64} data-testid="member-add-nickname" />
        </Form.Item>
        <Form.Item name="role" label="角色">
          <Radio.Group
            options={[
              { value: 'viewer', label: '成员（查看）' },
              { value: 'admin', label: '管理员（可配置）' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label="初始密码"
          extra="新账号必填，至少 8 位；已有账号保留原密码"
        >
          <Input.Password autoComplete="new-password" data-testid="member-add-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
