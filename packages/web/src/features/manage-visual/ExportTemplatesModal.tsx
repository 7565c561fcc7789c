import { Modal, Tabs, Typography } from 'antd';
import { useT } from '../../i18n/useT';
import { ExportTemplateList } from './ExportTemplateList';

interface ExportTemplatesModalProps {
  open: boolean;
  onClose(): void;
}

/** 导出模板: the slide and Word templates the project's exports may be made with. */
export function ExportTemplatesModal({ open, onClose }: ExportTemplatesModalProps) {
  const t = useT();
  return (
    <Modal
      title={t('导出模板')}
      open={open}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t(
          '上传 PowerPoint 或 Word 文件作为导出模板：取其主题配色，以及幻灯片母版或页眉中的第一张图片作为标志。 查看者导出 PPT 或 Word 时可在按钮旁的菜单中选择模板。',
        )}
      </Typography.Paragraph>
      <Tabs
        items={[
          { key: 'pptx', label: t('PPT 模板'), children: <ExportTemplateList kind="pptx" /> },
          { key: 'docx', label: t('Word 模板'), children: <ExportTemplateList kind="docx" /> },
        ]}
      />
    </Modal>
  );
}
