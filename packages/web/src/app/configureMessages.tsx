import { ConfigProvider, message } from 'antd';
import { antdTheme } from './theme';

/** The API client shows messages through antd's static `message`; give it the project theme. */
export function configureMessages(primaryColor: string): void {
  ConfigProvider.config({
    holderRender: (children) => (
      <ConfigProvider theme={antdTheme(primaryColor)}>{children}</ConfigProvider>
    ),
  });
  message.config({ top: 72, maxCount: 3 });
}
