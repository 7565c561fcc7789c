import { UploadOutlined } from '@ant-design/icons';
import { REPORT_IMAGE_TYPES } from '@yuqing/core';
import { Button, Space, Upload, message } from 'antd';
import { useState } from 'react';
import { reportImageUrl, uploadReportImage } from '../../../api/reportAssets';
import { useT } from '../../../i18n/useT';
import { imageRefusal, readDataUrl } from './imageFile';
import styles from './ReportEditor.module.css';

interface ImageFieldProps {
  /** The image id; a form item gives it. */
  value?: string | null;
  onChange?(id: string | null): void;
  /** Names the field in its test ids. */
  name: string;
}

/** A report image: its preview, an upload that replaces it (checked first), and 移除. */
export function ImageField({ value, onChange, name }: ImageFieldProps) {
  const t = useT();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    const refusal = imageRefusal(file);
    if (refusal) {
      void message.error(t(refusal));
      return;
    }
    let data: string;
    try {
      data = await readDataUrl(file);
    } catch {
      void message.error(t('图片读取失败'));
      return;
    }
    setUploading(true);
    try {
      onChange?.((await uploadReportImage(file.name, data)).id);
    } catch {
      // The API client has shown why.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space align="center" wrap>
      {value && <img className={styles.thumb} src={reportImageUrl(value)} alt="" />}
      <Upload
        accept={REPORT_IMAGE_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} data-testid={`${name}-upload`}>
          {value ? t('更换图片') : t('上传图片')}
        </Button>
      </Upload>
      {value && (
        <Button type="link" danger onClick={() => onChange?.(null)} data-testid={`${name}-remove`}>
          {t('移除')}
        </Button>
      )}
    </Space>
  );
}
