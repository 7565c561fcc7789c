import { describe, expect, it } from 'vitest';
import { translate, zh_CN } from './index.js';

describe('translate', () => {
  it('keeps the spec texts verbatim in zh_CN', () => {
    expect(zh_CN['result.403']).toBe('对不起，您没有权限访问此页面。');
    expect(zh_CN['result.404']).toBe('对不起，您访问的页面不存在');
    expect(zh_CN['login.failed']).toBe('登录失败!');
    expect(zh_CN['empty.noData']).toBe('暂无数据');
  });

  it('fills placeholders and falls back to zh_CN for missing English', () => {
    expect(translate('zh_CN', 'form.required', { label: '用户名' })).toBe('请输入用户名');
    expect(translate('en_US', 'login.submit')).toBe('Sign in');
    expect(translate('en_US', 'result.403')).toBe('对不起，您没有权限访问此页面。');
    expect(translate('zh_CN', 'nav.hi', {})).toBe('Hi, {nickname}');
  });
});
