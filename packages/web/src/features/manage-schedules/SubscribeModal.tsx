import { subscribeRequest, type Schedule } from '@yuqing/core';
import { Form, Input, Modal, message, type ButtonProps } from 'antd';
import { useState } from 'react';
import { subscribeToSchedule } from '../../api/schedules';
import { failureMessage } from '../../forms/failureMessage';
import { checkWithSchema } from '../../forms/schemaIssues';
import { useT } from '../../i18n/useT';

interface SubscribeModalProps {
  schedule: Schedule;
  onClose(): void;
  onSubscribed(): void;
}

/** 订阅: the viewer's email for a schedule's reports, checked as the server checks it. */
export function SubscribeModal({ schedule, onClose, onSubscribed }: SubscribeModalProps) {
  const t = useT();
  const [form] = Form.useForm<{ email: string }>();
  const [saving, setSaving] = useState(false);

  async function subscribe() {
    const checked = checkWithSchema(
      subscribeRequest,
      { email: form.getFieldValue('email') ?? '' },
      () => t('邮箱'),
      t,
    );
    if (!checked.ok) {
      form.setFields(checked.issues.map((issue) => ({ name: 'email', errors: [issue.message] })));
      return;
    }
    setSaving(true);
    try {
      await subscribeToSchedule(schedule._id, checked.data.email);
      void message.success(t('已订阅「{name}」', { name: schedule.name }));
      onSubscribed();
    } catch (error) {
      void message.error(
        failureMessage(error, t('订阅失败'), (reason) => t('订阅失败：{reason}', { reason })),
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('订阅 · {name}', { name: schedule.name })}
      okText={t('订阅')}
      cancelText={t('取消')}
      confirmLoading={saving}
      onOk={() => void subscribe()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'schedule-subscribe-ok' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: schedule.subscribed_email ?? '' }}
      >
        <Form.Item name="email" label={t('邮箱')} extra={t('每次发送后，报告文件将发送到该邮箱')}>
          <Input placeholder="name@example.com" data-testid="schedule-subscribe-email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
