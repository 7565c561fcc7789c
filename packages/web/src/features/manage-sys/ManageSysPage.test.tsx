// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ProjectMember, ProjectSystem } from '@yuqing/core';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silenceMessages } from '../../testing/silenceMessages';
import { changeMember, fetchProjectSystem, saveProjectSystem } from '../../api/manageSys';
import { SessionWrapper, testSession } from '../../testing/testSession';
import { ManageSysPage } from './ManageSysPage';

vi.mock('../../api/manageSys', () => ({
  fetchProjectSystem: vi.fn(),
  saveProjectSystem: vi.fn(),
  changeMember: vi.fn(),
}));

const member = (username: string, patch: Partial<ProjectMember> = {}): ProjectMember => ({
  id: `id-${username}`,
  username,
  nickname: username,
  role: 'viewer',
  self: false,
  disabled: false,
  isSuperAdmin: false,
  wxBound: false,
  ...patch,
});

const system: ProjectSystem = {
  settings: {
    loginTypes: ['pw'],
    scene: '汽车',
    icp: '',
    primaryColor: '#3673F1',
    tendencies: ['正面', '中性', '负面'],
    medias: [{ name: '微博', code: 'Weibo' }],
    highlight_keyword: '',
    discard_word: [],
    excludePath: [],
    showDownloadJobList: false,
  },
  members: [
    member('admin', { nickname: '超级管理员', role: 'admin', isSuperAdmin: true, self: true }),
    member('li', { nickname: '小李' }),
  ],
};

async function show() {
  const session = testSession();
  session.user = { ...session.user, nickname: '超级管理员', isAdmin: true, isSuperAdmin: true };
  render(
    <SessionWrapper session={session}>
      <ManageSysPage />
    </SessionWrapper>,
  );
  await screen.findByTestId('sys-settings-save');
}

const click = (element: Element) => act(() => void fireEvent.click(element));
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

beforeEach(() => {
  silenceMessages();
  vi.clearAllMocks();
  vi.mocked(fetchProjectSystem).mockResolvedValue(structuredClone(system));
  vi.mocked(saveProjectSystem).mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ManageSysPage', () => {
  it('refuses to save without a login type and says why', async () => {
    await show();
    const password = screen.getByLabelText('账号密码');
    click(password);
    expect((password as HTMLInputElement).checked).toBe(false);
    click(screen.getByTestId('sys-settings-save'));
    await settle();
    expect(await screen.findByText('至少保留一种登录方式')).toBeTruthy();
    expect(saveProjectSystem).not.toHaveBeenCalled();
  });

  it('saves the edited settings and says 保存成功', async () => {
    const success = vi.spyOn(message, 'success');
    await show();
    click(screen.getByLabelText('微信扫码'));
    click(screen.getByTestId('sys-settings-save'));
    await waitFor(() => expect(saveProjectSystem).toHaveBeenCalled());
    expect(vi.mocked(saveProjectSystem).mock.calls[0]![0]).toEqual({
      ...system.settings,
      loginTypes: ['pw', 'wx'],
    });
    expect(success).toHaveBeenCalledWith('保存成功');
  });

  it("disables a super admin's actions on their own account, not on others", async () => {
    await show();
    for (const action of ['role', 'disable', 'reset', 'remove']) {
      const mine = screen.getByTestId(`sys-member-${action}-admin`) as HTMLButtonElement;
      expect(mine.disabled, action).toBe(true);
      const theirs = screen.getByTestId(`sys-member-${action}-li`) as HTMLButtonElement;
      expect(theirs.disabled, action).toBe(false);
    }
  });

  it('makes a member admin and shows the list the server answers', async () => {
    const updated = [system.members[0]!, member('li', { nickname: '小李', role: 'admin' })];
    vi.mocked(changeMember).mockResolvedValue(updated);
    await show();
    expect(screen.getByTestId('sys-member-li').textContent).toContain('成员');
    click(screen.getByTestId('sys-member-role-li'));
    await waitFor(() =>
      expect(screen.getByTestId('sys-member-role-li').textContent).toBe('设为成员'),
    );
    expect(changeMember).toHaveBeenCalledWith({ action: 'role', userId: 'id-li', role: 'admin' });
    expect(screen.getByTestId('sys-member-li').textContent).toContain('管理员');
  });

  it('checks a new password before sending it', async () => {
    await show();
    click(screen.getByTestId('sys-member-reset-li'));
    const input = await screen.findByTestId('member-reset-password');
    act(() => void fireEvent.change(input, { target: { value: 'short' } }));
    click(screen.getByTestId('member-reset-ok'));
    expect(await screen.findByText('密码至少 8 位')).toBeTruthy();
    expect(changeMember).not.toHaveBeenCalled();
  });
});
