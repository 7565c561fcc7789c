import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { ProjectInfo } from '@yuqing/core';
import { Button, Flex, Input } from 'antd';
import { md5 } from 'js-md5';
import { useState, type FormEvent } from 'react';
import { notify } from '../../api/notify';
import { login } from '../../api/user';
import { useT } from '../../i18n/useT';

interface PasswordLoginFormProps {
  customer: ProjectInfo['customer'];
  onSuccess: () => void;
}

export function PasswordLoginForm({ customer, onSuccess }: PasswordLoginFormProps) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const ready = username.trim() !== '' && password !== '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || submitting) return;
    setSubmitting(true);
    try {
      await login({
        username: username.trim(),
        password: md5(password),
        customer,
        timestamp: Date.now(),
      });
    } catch {
      notify(t('login.failed'));
      setSubmitting(false);
      return;
    }
    onSuccess();
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Flex vertical gap={20}>
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('login.username')}
          aria-label={t('login.username')}
          autoComplete="username"
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          data-testid="login-username"
        />
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('login.password')}
          aria-label={t('login.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="login-password"
        />
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          disabled={!ready}
          loading={submitting}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
      </Flex>
    </form>
  );
}
