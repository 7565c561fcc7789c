import { copyProjectRequest, type CopyProjectAnswer } from '@yuqing/core';
import { Button, Checkbox, Form, Input, Modal, Result } from 'antd';
import { useState } from 'react';
import { copyProject } from '../../../api/manage';

interface CopyProjectModalProps {
  open: boolean;
  onClose(): void;
}

/** 复制项目: a new project of the customer with this one's settings and draft. */
export function CopyProjectModal({ open, onClose }: CopyProjectModalProps) {
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
      title="复制项目"
      open={open}
      onCancel={close}
      destroyOnHidden
      footer={
        copied
          ? [
              <Button key="close" onClick={close}>
                关闭
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                取消
              </Button>,
              <Button key="ok" type="primary" loading={saving} onClick={submit}>
                复制
              </Button>,
            ]
      }
    >
      {copied ? (
        <Result
          status="success"
          title="项目已复制"
          subTitle={`新项目带有本项目的设置、草稿、最新发布版本和数据配置${copied.subjects ? '，以及专题' : ''}`}
          extra={
            <a
              href={`${copied.path}#/manage`}
              target="_blank"
              rel="noreferrer"
              data-testid="manage-copy-link"
            >
              打开新项目的可视化配置
            </a>
          }
        />
      ) : (
        <Form form={form} layout="vertical">
          <Form.Item name="project" label="项目编码" rules={[rule('project')]} required>
            <Input placeholder="字母、数字、下划线和连字符" maxLength={64} />
          </Form.Item>
          <Form.Item name="name" label="项目名称" rules={[rule('name')]} required>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="subjects" valuePropName="checked" initialValue={false}>
            <Checkbox data-testid="manage-copy-subjects">
              同时复制专题（含专题的草稿和已发布版本）
            </Checkbox>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
