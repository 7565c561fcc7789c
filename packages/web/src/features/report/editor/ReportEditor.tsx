import type { Report } from '@yuqing/core';
import { Button, Drawer, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { saveReport } from '../../../api/reports';
import { useT } from '../../../i18n/useT';
import { ChartTextFields } from './ChartTextFields';
import { editorValues, type EditorValues } from './editorValues';
import { ImageField } from './ImageField';
import { ThemeField } from './ThemeField';

interface ReportEditorProps {
  report: Report;
  onSaved(report: Report): void;
  onClose(): void;
}

/** 编辑: a report's texts, images, theme and chart texts; its charts and data stay as made. */
export function ReportEditor({ report, onSaved, onClose }: ReportEditorProps) {
  const t = useT();
  const [form] = Form.useForm<EditorValues>();
  const [saving, setSaving] = useState(false);

  const save = async (values: EditorValues) => {
    setSaving(true);
    try {
      onSaved(await saveReport({ id: report.id, ...values }));
    } catch {
      // The API client has shown why; the form stays open with the user's changes.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      title={t('编辑报告')}
      size={640}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>{t('取消')}</Button>
          <Button
            type="primary"
            loading={saving}
            onClick={() => form.submit()}
            data-testid="report-editor-save"
          >
            {t('保存')}
          </Button>
        </Space>
      }
    >
      <Form<EditorValues>
        form={form}
        layout="vertical"
        initialValues={editorValues(report)}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          label={t('标题')}
          name="title"
          rules={[{ required: true, whitespace: true, message: t('请输入报告标题') }]}
        >
          <Input maxLength={100} data-testid="report-editor-title" />
        </Form.Item>
        <Form.Item label={t('描述')} name="desc">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        <Form.Item label={t('页眉文字')} name="header_text">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        <Form.Item label={t('头图')} name="header_img">
          <ImageField name="header-img" />
        </Form.Item>
        <Form.Item label="Logo" name="logo_img">
          <ImageField name="logo-img" />
        </Form.Item>
        <Form.Item label={t('主题')} name="theme">
          <ThemeField />
        </Form.Item>
        <ChartTextFields charts={report.charts} />
      </Form>
    </Drawer>
  );
}
