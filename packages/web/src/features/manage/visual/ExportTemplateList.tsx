import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { ExportTemplate, TemplateKind } from '@yuqing/core';
import { Button, Input, Popconfirm, Skeleton, Tag, Upload, type ButtonProps } from 'antd';
import { useState } from 'react';
import {
  fetchExportTemplates,
  removeExportTemplate,
  uploadExportTemplate,
} from '../../../api/exportTemplates';
import { notify } from '../../../api/notify';
import { useFetchedList } from '../useFetchedList';
import { readTemplateFile, templateFileRefusal, templateNameOf } from './exportTemplateFile';
import styles from './ExportTemplates.module.css';

/** What a template draws with: its colours, or the dashboard's for the default. */
function Swatches({ template }: { template: ExportTemplate }) {
  if (template.colors.length === 0) return <span>看板配色</span>;
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
  const [refresh, setRefresh] = useState(0);
  const list = useFetchedList(() => fetchExportTemplates(kind), true, refresh);
  const [name, setName] = useState('');
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    const refusal = templateFileRefusal(kind, file);
    if (refusal) {
      notify(refusal);
      return;
    }
    setUploading(true);
    try {
      const data = await readTemplateFile(file);
      const added = await uploadExportTemplate(kind, {
        name: name.trim() || templateNameOf(file.name),
        data,
      });
      notify(`模板「${added.name}」已上传`, 'success');
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
    notify(`模板「${template.name}」已删除`, 'success');
    setRefresh((count) => count + 1);
  };

  return (
    <div data-testid={`export-templates-${kind}`}>
      <div className={styles.upload}>
        <Input
          placeholder="模板名称（默认取文件名）"
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
            上传 .{kind}
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
                <img className={styles.logo} src={template.logo} alt={`${template.name}标志`} />
              )}
              <div className={styles.meta}>
                <div>
                  {template.name} {template.builtIn && <Tag>内置</Tag>}
                </div>
                <div className={styles.description}>
                  <Swatches template={template} />
                  {!template.builtIn &&
                    ` · ${template.createdBy ?? ''} 上传于 ${new Date(template.created ?? 0).toLocaleString('zh-CN', { hour12: false })}`}
                </div>
              </div>
              {!template.builtIn && (
                <Popconfirm
                  title={`删除模板「${template.name}」？`}
                  okText="删除"
                  cancelText="取消"
                  okButtonProps={{ 'data-testid': 'export-template-delete-ok' } as ButtonProps}
                  onConfirm={() => remove(template)}
                >
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除模板"
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
