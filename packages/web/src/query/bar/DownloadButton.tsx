import type { DownloadKind, ExportTemplate } from '@yuqing/core';
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';

interface DownloadButtonProps {
  kind: DownloadKind;
  label: string;
  /** The templates the download may be made with; more than one adds a menu of them. */
  templates?: readonly ExportTemplate[];
  loading?: boolean;
  onDownload?(kind: DownloadKind, template?: string): void;
}

/**
 * A footer download: one click exports with the default template; when the project has more
 * templates, the arrow beside it lists them and a chosen one exports with it.
 */
export function DownloadButton({
  kind,
  label,
  templates,
  loading,
  onDownload,
}: DownloadButtonProps) {
  const t = useT();
  const button = (
    <Button
      data-testid={`download-${kind}`}
      icon={<DownloadOutlined />}
      loading={loading}
      onClick={() => onDownload?.(kind)}
    >
      {label}
    </Button>
  );
  if (!templates || templates.length <= 1) return button;
  return (
    <Space.Compact>
      {button}
      <Dropdown
        trigger={['click']}
        disabled={loading}
        menu={{
          items: [
            {
              type: 'group',
              label: t('选择模板导出'),
              children: templates.map((template) => ({
                key: template.id,
                label: (
                  <span data-testid={`download-template-${template.id}`}>
                    {t.label(template.name)}
                  </span>
                ),
              })),
            },
          ],
          onClick: ({ key }) => onDownload?.(kind, key),
        }}
      >
        <Button
          icon={<DownOutlined />}
          aria-label={t('选择模板')}
          disabled={loading}
          data-testid={`download-${kind}-templates`}
        />
      </Dropdown>
    </Space.Compact>
  );
}
