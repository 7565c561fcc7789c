import { Alert, Button, Input, Space, message } from 'antd';
import { useT } from '../../../i18n/useT';

/** The address of a link just made: the server answers it this once. */
export function NewShareLink({ url }: { url: string }) {
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('已复制'));
    } catch {
      void message.error(t('复制失败，请手动复制'));
    }
  };
  return (
    <Alert
      type="success"
      showIcon
      title={t('分享链接已创建，关闭后将无法再次查看完整链接')}
      description={
        <Space.Compact block>
          <Input readOnly value={url} data-testid="share-url" />
          <Button type="primary" onClick={() => void copy()} data-testid="share-copy">
            {t('复制')}
          </Button>
        </Space.Compact>
      }
    />
  );
}
