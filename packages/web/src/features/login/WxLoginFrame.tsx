import { wxLoginMessage, type ProjectInfo } from '@yuqing/core';
import { Empty, theme } from 'antd';
import { useEffect } from 'react';
import { notify } from '../../api/notify';
import { setWxCookie } from '../../session/navigation';
import { useT } from '../../i18n/useT';

interface WxLoginFrameProps {
  wx: ProjectInfo['config']['wx'];
  onSuccess: () => void;
}

function parseMessageData(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * The provider's QR page in a frame. When the user scans it, the frame posts the outcome; the
 * server has already set the session cookie by then.
 */
export function WxLoginFrame({ wx, onSuccess }: WxLoginFrameProps) {
  const t = useT();
  const { token } = theme.useToken();

  useEffect(() => {
    if (!wx) return;
    const { loginOrigin } = wx;
    function onMessage(event: MessageEvent) {
      // Any page may post to this window; only the login provider is trusted.
      if (event.origin !== loginOrigin) return;
      const parsed = wxLoginMessage.safeParse(parseMessageData(event.data));
      if (!parsed.success) return;
      if ('error' in parsed.data) {
        notify(t('login.failed'));
        return;
      }
      setWxCookie();
      onSuccess();
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [wx, t, onSuccess]);

  if (!wx) return <Empty description={t('login.wxUnavailable')} />;
  return (
    <div style={{ textAlign: 'center' }}>
      <iframe
        src={wx.qrUrl}
        title={t('login.wxTitle')}
        data-testid="login-wx-frame"
        style={{ display: 'block', width: 300, height: 340, margin: '0 auto', border: 0 }}
      />
      <span style={{ color: token.colorTextSecondary }}>{t('login.wxHint')}</span>
    </div>
  );
}
