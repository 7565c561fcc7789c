import type { ProjectMember, ProjectSystemSettings } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { memberLock } from './memberLock';
import { checkSettings, checkSettingsField } from './settingsCheck';

const settings: ProjectSystemSettings = {
  loginTypes: ['pw'],
  scene: '',
  icp: '',
  primaryColor: '#3673F1',
  tendencies: ['正面', '中性', '负面'],
  medias: [{ name: '微博', code: 'Weibo' }],
  highlight_keyword: '新能源\n电池',
  discard_word: [],
  excludePath: ['/广告'],
  showDownloadJobList: false,
};

describe('system settings checks', () => {
  it('accepts the settings the server accepts', () => {
    expect(checkSettings(settings)).toEqual({ ok: true, data: settings });
  });

  it("keeps the schema's own messages and names what they are about", () => {
    expect(checkSettingsField('loginTypes', [])).toEqual(['至少保留一种登录方式']);
    expect(checkSettingsField('primaryColor', 'blue')).toEqual(['主题色不是有效的颜色']);
  });

  it('says which entry of a list is wrong', () => {
    expect(checkSettingsField('medias', [{ name: '微博', code: '' }])).toEqual([
      '第1行：请输入代码',
    ]);
    expect(
      checkSettingsField('tendencies', ['正面', '很长很长很长很长很长很长很长很长很长很长很长']),
    ).toEqual(['第2项：倾向不能超过20个字符']);
    expect(checkSettingsField('tendencies', [])).toEqual(['请输入倾向']);
  });

  it('keys the problems of the whole settings by field', () => {
    const result = checkSettings({ ...settings, loginTypes: [], excludePath: ['/a', ' '] });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect([...result.errors]).toEqual([
        ['loginTypes', ['至少保留一种登录方式']],
        ['excludePath', ['第2项：请输入排除路径']],
      ]);
    }
  });
});

describe('memberLock', () => {
  const member: ProjectMember = {
    id: 'u1',
    username: 'admin',
    nickname: '超级管理员',
    role: 'admin',
    disabled: false,
    isSuperAdmin: true,
    wxBound: false,
    self: true,
  };

  it("locks the signed-in user's own row only", () => {
    expect(memberLock(member)).toBe('不能操作自己的账号');
    expect(memberLock({ ...member, self: false })).toBeUndefined();
  });
});
