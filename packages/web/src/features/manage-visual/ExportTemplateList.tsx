import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { ExportTemplate, TemplateKind } from '@yuqing/core';
import { Button, Input, Popconfirm, Skeleton, Tag, Upload, type ButtonProps } from 'antd';
import { useState } from 'react';
import {
  fetchExportTemplates,
  removeExportTemplate,
  uploadExportTemplate,
} from '../../api/exportTemplates';
import { notify } from '../../api/notify';
import { useT } from '../../i18n/useT';
import { useFetchedList } from '../../api/useFetchedList';
import { readTemplateFile, templateFileRefusal, templateNameOf } from './exportTemplateFile';
import styles from './ExportTemplates.module.css';

/** What a template draws with: its colours, or the dashboard's for the default. */
function Swatches({ template }: { template: ExportTemplate }) {
  const t = useT();
  if (template.colors.length === 0) return <span>{t('看板配色')}</span>;
  return (
    <span className={styles.swatches}>
      {template.colors.map((color, index) => (
        <span key={index} className={styles.swatch} style={{ background: `#${color}` }} />
      ))}
    </span>
  );
}

/**
 * The templates of one kind: the built-in ones, and those uploaded, which an admin adds from a
 * .pptx or .docx (its theme's colours and its logo are kept) and deletes.
 */
export function ExportTemplateList({ kind }: { kind: TemplateKind }) {
  const t = useT();
  const [refresh, setRefresh] = useState(0);
  const list = useFetchedList(() => fetchExportTemplates(kind), true, refresh);
  const [name, setName] = useState('');
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    const refusal = templateFileRefusal(kind, file);
    if (refusal) {
      notify(t.label(refusal));
      return;
    }
    setUploading(true);
    try {
      const data = await readTemplateFile(file);
      const added = await uploadExportTemplate(kind, {
        name: name.trim() || templateNameOf(file.name),
        data,
      });
      notify(t('模板「{name}」已上传', { name: added.name }), 'success');
      setName('');
      setRefresh((count) => count + 1);
    } catch {
      // The API client has shown why.
    } finally {
      setUploading(false);
    }
  };

  const remove = async (template: ExportTemplate) => {
    await removeExportTemplate(kind, template.id);
    notify(t('模板「{name}」已删除', { name: template.name }), 'success');
    setRefresh((count) => count + 1);
  };

  return (
    <div data-testid={`export-templates-${kind}`}>
      <div className={styles.upload}>
        <Input
          placeholder={t('模板名称（默认取文件名）')}
          maxLength={50}
          value={name}
          onChange={(event) => setName(event.target.value)}
          data-testid={`export-template-name-${kind}`}
        />
        <Upload
          accept={`.${kind}`}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button
            icon={<UploadOutlined />}
            loading={uploading}
            data-testid={`export-template-upload-${kind}`}
          >
            {t('上传 .{kind}', { kind })}
          </Button>
        </Upload>
      </div>
      {list === undefined ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <ul className={styles.list}>
          {list.map((template) => (
            <li key={template.id} className={styles.item}>
              {template.logo && (
                <img
                  className={styles.logo}
                  src={template.logo}
                  alt={t('{name}标志', { name: t.label(template.name) })}
                />
              )}
              <div className={styles.meta}>
                <div>
                  {t.label(template.name)} {template.builtIn && <Tag>{t('内置')}</Tag>}
                </div>
                <div className={styles.description}>
                  <Swatches template={template} />
                  {!template.builtIn && (
                    <>
                      {' · '}
                      {t('{author} 上传于 {time}', {
                        author: template.createdBy ?? '',
                        time: new Date(template.created ?? 0).toLocaleString('zh-CN', {
                          hour12: false,
                        }),
                      })}
                    </>
                  )}
                </div>
              </div>
              {!template.builtIn && (
                <Popconfirm
                  title={t('删除模板「{name}」？', { name: template.name })}
                  okText={t('删除')}
                  cancelText={t('取消')}
                  okButtonProps={{ 'data-testid': 'export-template-delete-ok' } as ButtonProps}
                  onConfirm={() => remove(template)}
                >
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('删除模板')}

                    data-testid={`export-template-delete-${template.id}`}
                  />
                </Popconfirm>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
