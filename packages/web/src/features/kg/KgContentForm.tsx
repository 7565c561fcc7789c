import {
  TAGGING_MEDIA_TYPES,
  TAGGING_PLATFORMS,
  TAG_TEXT_MAX_CHARS,
  platformName,
} from '@yuqing/core';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { KgContent } from './kgContent';

interface KgContentFormProps {
  content: KgContent;
  onChange(content: KgContent): void;
  /** GPT mode: the model is not asked without a media type. */
  mediaTypeRequired?: boolean;
}

/**
 * The tagging tool's content form (spec 2): media type, platform, media name, title, body. GPT
 * mode needs the media type, and marks it so.
 */
export function KgContentForm({
  content,
  onChange,
  mediaTypeRequired = false,
}: KgContentFormProps) {
  const t = useT();
  const mediaTypeOptions = useMemo(
    () => TAGGING_MEDIA_TYPES.map(({ value, label }) => ({ value, label: t.label(label) })),
    [t],
  );
  const platformOptions = useMemo(
    () => TAGGING_PLATFORMS.map((value) => ({ value, label: t.label(platformName(value)) })),
    [t],
  );
  const set = (field: keyof KgContent) => (value: string | undefined) =>
    onChange({ ...content, [field]: value ?? '' });
  return (
    <Form layout="horizontal" labelCol={{ flex: '96px' }} data-testid="kg-form">
      <Form.Item label={t('媒体类型')} required={mediaTypeRequired}>
        <Select
          allowClear
          placeholder={t('请选择媒体类型')}
          options={mediaTypeOptions}
          value={content.media_type || undefined}
          onChange={set('media_type')}
          data-testid="kg-media-type"
        />
      </Form.Item>
      <Form.Item label={t('媒体平台')}>
        <Select
          allowClear
          placeholder={t('请选择媒体平台')}
          options={platformOptions}
          value={content.media_platform || undefined}
          onChange={set('media_platform')}
        />
      </Form.Item>
      <Form.Item label={t('媒体名称')}>
        <Input
          maxLength={512}
          value={content.media}
          onChange={(event) => set('media')(event.target.value)}
        />
      </Form.Item>
      <Form.Item label={t('标题')}>
        <Input
          maxLength={2000}
          value={content.title}
          onChange={(event) => set('title')(event.target.value)}
          data-testid="kg-title-input"
        />
      </Form.Item>
      <Form.Item label={t('正文')}>
        <Input.TextArea
          autoSize={{ minRows: 6, maxRows: 16 }}
          maxLength={TAG_TEXT_MAX_CHARS}
          showCount
          value={content.body}
          onChange={(event) => set('body')(event.target.value)}
          data-testid="kg-body-input"
        />
      </Form.Item>
    </Form>
  );
}
