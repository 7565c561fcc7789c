import type { ThemeConfig } from 'antd';

const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

export function antdTheme(primaryColor: string): ThemeConfig {
  return {
    token: { colorPrimary: primaryColor, colorInfo: primaryColor, fontFamily: FONT_FAMILY },
    zeroRuntime: true,
  };
}
