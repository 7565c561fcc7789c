import type { MemberAction, Role } from '@yuqing/core';
import { Form, Input, Modal, Radio, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/useT';
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
  const t = useT();
  const [form] = Form.useForm<AddMemberFields>();
  const [sending, setSending] = useState(false);

  async function submit() {
    const checked = checkMemberAction({ action: 'add', ...form.getFieldsValue() }, t);
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
      title={t('添加成员')}
      okText={t('添加')}
      cancelText={t('取消')}
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
        <Form.Item
          name="username"
          label={t('用户名')}
          required
          extra={t('已有账号的用户名会直接加入本项目')}
        >
          <Input autoComplete="off" maxLength={64} data-testid="member-add-username" />
        </Form.Item>
        <Form.Item name="nickname" label={t('昵称')} required>
          <Input maxLength={64} data-testid="member-add-nickname" />
        </Form.Item>
        <Form.Item name="role" label={t('角色')}>
          <Radio.Group
            options={[
              { value: 'viewer', label: t('成员（查看）') },
              { value: 'admin', label: t('管理员（可配置）') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('初始密码')}
          extra={t('新账号必填，至少 8 位；已有账号保留原密码')}
        >
          <Input.Password autoComplete="new-password" data-testid="member-add-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
