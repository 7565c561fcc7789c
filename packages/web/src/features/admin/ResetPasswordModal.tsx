import { updateUser as updateUserSchema, type AdminUser } from '@yuqing/core';
import { Form, Input } from 'antd';
import { updateUser } from '../../api/admin';
import { zh } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { FormModal } from './FormModal';
import { confirmRules, schemaRule } from './formRules';

interface ResetPasswordModalProps {
  user: AdminUser | undefined;
  onClose: () => void;
  onChanged: (user: AdminUser) => void;
}

interface PasswordFields {
  password: string;
  confirm: string;
}

/** 重置密码: the user's sessions end, so whoever knew the old password is signed out. */
export function ResetPasswordModal({ user, onClose, onChanged }: ResetPasswordModalProps) {
  const t = useT();
  const [form] = Form.useForm<PasswordFields>();
  return (
    <FormModal<PasswordFields>
      open={user !== undefined}
      title={t('重置密码：{nickname}（{username}）', {
        nickname: user?.nickname ?? '',
        username: user?.username ?? '',
      })}
      okText={t('重置')}
      form={form}
      onClose={onClose}
      onSubmit={async ({ password }) => onChanged(await updateUser(user!.id, { password }))}
      testId="admin-password-form"
    >
      <Form.Item
        name="password"
        label={t('新密码')}
        rules={[schemaRule(updateUserSchema.shape.password.unwrap(), zh('新密码'), t)]}
        extra={t('至少 8 位；该用户需重新登录')}
      >
        <Input.Password autoComplete="new-password" data-testid="admin-password-new" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('确认新密码')}
        dependencies={['password']}
        rules={confirmRules(zh('确认新密码'), t)}
      >
        <Input.Password autoComplete="new-password" data-testid="admin-password-confirm" />
      </Form.Item>
    </FormModal>
  );
}
