import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useT } from '../i18n/useT';

interface ErrorViewProps {
  title: string;
  detail: string;
}

/**
 * A failure with a reload button. Deliberately without antd's Result, whose illustrations would
 * weigh on the first chunk that every page loads.
 */
export function ErrorView({ title, detail }: ErrorViewProps) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '96px 24px', textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 64, color: token.colorError }} />
      <div style={{ fontSize: 22, fontWeight: 600, color: token.colorTextHeading }}>{title}</div>
      <div style={{ color: token.colorTextSecondary }}>{detail}</div>
      <Button type="primary" style={{ marginTop: 12 }} onClick={() => window.location.reload()}>
        {t('action.reload')}
      </Button>
    </Flex>
  );
}
