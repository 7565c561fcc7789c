import { copyProjectRequest, type CopyProjectAnswer } from '@yuqing/core';
import { Button, Checkbox, Form, Input, Modal, Result } from 'antd';
import { useState } from 'react';
import { copyProject } from '../../api/manage';
import { useT } from '../../i18n/useT';

interface CopyProjectModalProps {
  open: boolean;
  onClose(): void;
}

/** 复制项目: a new project of the customer with this one's settings and draft. */
export function CopyProjectModal({ open, onClose }: CopyProjectModalProps) {
  const t = useT();
  const [form] = Form.useForm<{ project: string; name: string; subjects: boolean }>();
  const [copied, setCopied] = useState<(CopyProjectAnswer & { subjects: boolean }) | undefined>(
    undefined,
  );
  const [saving, setSaving] = useState(false);
  const close = () => {
    setCopied(undefined);
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const request = copyProjectRequest.parse(values);
      setCopied({ ...(await copyProject(request)), subjects: request.subjects });
    } finally {
      setSaving(false);
    }
  };
  // The core schema judges each field; its messages are the form's.
  const rule = (name: 'project' | 'name') => ({
    validator: async (_: unknown, value: string | undefined) => {
      const result = copyProjectRequest.shape[name].safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  });
  return (
    <Modal
      title={t('复制项目')}
      open={open}
      onCancel={close}
      destroyOnHidden
      footer={
        copied
          ? [
              <Button key="close" onClick={close}>
                {t('关闭')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('取消')}
              </Button>,
              <Button key="ok" type="primary" loading={saving} onClick={submit}>
                {t('复制')}
              </Button>,
            ]
      }
    >
      {copied ? (
        <Result
          status="success"
          title={t('项目已复制')}
          subTitle={
            copied.subjects
              ? t('新项目带有本项目的设置、草稿、最新发布版本和数据配置，以及专题')
              : t('新项目带有本项目的设置、草稿、最新发布版本和数据配置')
          }
          extra={
            <a
              href={`${copied.path}#/manage`}
              target="_blank"
              rel="noreferrer"
              data-testid="manage-copy-link"
            >
              {t('打开新项目的可视化配置')}
            </a>
          }
        />
      ) : (
        <Form form={form} layout="vertical">
          <Form.Item name="project" label={t('项目编码')} rules={[rule('project')]} required>
            <Input placeholder={t('字母、数字、下划线和连字符')} maxLength={64} />
          </Form.Item>
          <Form.Item name="name" label={t('项目名称')} rules={[rule('name')]} required>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="subjects" valuePropName="checked" initialValue={false}>
            <Checkbox data-testid="manage-copy-subjects">
              {t('同时复制专题（含专题的草稿和已发布版本）')}
            </Checkbox>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
