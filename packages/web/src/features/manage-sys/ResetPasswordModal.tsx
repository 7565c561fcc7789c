import type { MemberAction, ProjectMember } from '@yuqing/core';
import { Form, Input, Modal, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { checkMemberAction } from './memberForms';

interface ResetFields {
  password: string;
  confirm: string;
}

interface ResetPasswordModalProps {
  member: ProjectMember | undefined;
  onCancel: () => void;
  onSubmit: (action: MemberAction) => Promise<boolean>;
}

/** A new password for a member; their sessions end, so whoever knew the old one is signed out. */
export function ResetPasswordModal({ member, onCancel, onSubmit }: ResetPasswordModalProps) {
  const t = useT();
  const [form] = Form.useForm<ResetFields>();
  const [sending, setSending] = useState(false);

  async function submit() {
    if (!member) return;
    const { password, confirm } = form.getFieldsValue();
    const checked = checkMemberAction({ action: 'reset_password', userId: member.id, password }, t);
    if (!checked.ok) {
      form.setFields([{ name: 'password', errors: checked.errors.flatMap((e) => e.errors) }]);
      return;
    }
    if (confirm !== password) {
      form.setFields([{ name: 'confirm', errors: [t('两次输入的密码不一致')] }]);
      return;
    }
    setSending(true);
    const done = await onSubmit(checked.data).finally(() => setSending(false));
    if (done) form.resetFields();
  }

  return (
    <Modal
      open={member !== undefined}
      title={t('重置密码：{nickname}（{username}）', {
        nickname: member?.nickname ?? '',
        username: member?.username ?? '',
      })}
      okText={t('重置')}
      cancelText={t('取消')}
      confirmLoading={sending}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onCancel();
      }}
      forceRender
      okButtonProps={{ 'data-testid': 'member-reset-ok' } as ButtonProps}
    >
      <Form<ResetFields>
        form={form}
        layout="vertical"
        initialValues={{ password: '', confirm: '' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="password"
          label={t('新密码')}
          required
          extra={t('至少 8 位；该成员需重新登录')}
        >
          <Input.Password autoComplete="new-password" data-testid="member-reset-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('确认新密码')} required>
          <Input.Password autoComplete="new-password" data-testid="member-reset-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
