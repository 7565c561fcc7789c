import type { MessageKey } from './zh_CN.js';

/** English messages; anything missing falls back to zh_CN. */
export const en_US: Partial<Record<MessageKey, string>> = {
  'app.title': 'Public Opinion Analytics',
  'app.loading': 'Loading…',
  'login.title': 'Sign in',
  'login.wxTitle': 'Sign in with WeChat',
  'login.username': 'Username',
  'login.password': 'Password',
  'login.submit': 'Sign in',
  'login.toWx': 'Sign in with WeChat',
  'login.toPw': 'Sign in with password',
  'nav.logout': 'Logout',
  'manage.visual': 'Visual configuration',
  'manage.data': 'Data configuration',
  'manage.sys': 'System configuration',
  'locale.switch': '中文',
  'projects.title': 'My projects',
  'chip.exclude': 'Exclude',
  'chip.exclude.tip': 'exclude result',
  'chip.include': 'Include',
  'chip.include.tip': 'include result',
  'chip.disable': 'Disable',
  'chip.disable.tip': 'temporarily disable',
  'chip.enable': 'Enable',
  'chip.enable.tip': 're-enable',
  'chip.remove': 'Remove',
};
