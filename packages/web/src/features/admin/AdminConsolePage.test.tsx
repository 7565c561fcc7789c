// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminCustomer, AdminProject, AdminTenancy, AdminUser } from '@yuqing/core';
import { message } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createCustomer,
  fetchAudit,
  fetchLoginLockouts,
  fetchTenancy,
  fetchUsers,
  setMembership,
  updateCustomer,
  updateUser,
} from '../../api/admin';
import { silenceMessages } from '../../testing/silenceMessages';
import { AdminConsolePage } from './AdminConsolePage';

vi.mock('../../api/admin', () => ({
  fetchTenancy: vi.fn(),
  createCustomer: vi.fn(),
  updateCustomer: vi.fn(),
  fetchCustomerTemplates: vi.fn(),
  createProject: vi.fn(),
  updateProject: vi.fn(),
  fetchUsers: vi.fn(),
  createUser: vi.fn(),
  updateUser: vi.fn(),
  setMembership: vi.fn(),
  removeMembership: vi.fn(),
  fetchAudit: vi.fn(),
  fetchLoginLockouts: vi.fn(),
}));

const demo: AdminCustomer = {
  id: 'c1',
  code: 'demo',
  name: '演示客户',
  disabled: false,
  createdAt: '2026-01-01T00:00:00Z',
  projectCount: 1,
};
const demoProject: AdminProject = {
  id: 'p1',
  repository: 'yuqing',
  customerId: 'c1',
  customerCode: 'demo',
  customerName: '演示客户',
  code: 'demo',
  name: '演示项目',
  disabled: false,
  createdAt: '2026-01-01T00:00:00Z',
  memberCount: 2,
  path: '/yuqing/demo/demo/latest/',
};
const tenancy: AdminTenancy = {
  repositories: ['yuqing'],
  customers: [demo],
  projects: [demoProject],
};
const li: AdminUser = {
  id: 'u1',
  username: 'li',
  nickname: '小李',
  disabled: false,
  isSuperAdmin: false,
  wxBound: false,
  createdAt: '2026-01-01T00:00:00Z',
  projects: [],
};

function show(tab = 'tenants') {
  render(
    <MemoryRouter initialEntries={[`/manage/admin?tab=${tab}`]}>
      <AdminConsolePage />
    </MemoryRouter>,
  );
}

const click = (element: Element) => act(() => void fireEvent.click(element));
const type = (element: Element, value: string) =>
  act(() => void fireEvent.change(element, { target: { value } }));

beforeEach(() => {
  silenceMessages();
  vi.clearAllMocks();
  vi.mocked(fetchTenancy).mockResolvedValue(structuredClone(tenancy));
  vi.mocked(fetchUsers).mockResolvedValue({ total: 1, items: [structuredClone(li)] });
  vi.mocked(fetchAudit).mockResolvedValue({ total: 0, items: [] });
  vi.mocked(fetchLoginLockouts).mockResolvedValue([]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AdminConsolePage', () => {
  it('lists customers with their projects and status', async () => {
    show();
    const row = await screen.findByTestId('admin-project-demo/demo');
    expect(row.textContent).toContain('演示项目');
    expect(row.textContent).toContain('2 名成员');
    expect(row.textContent).toContain('正常');
    expect(screen.getByTestId('admin-customer-demo').textContent).toContain('1 个项目');
  });

  it("asks for a new customer's code in the spec's words and sends nothing without it", async () => {
    show();
    await screen.findByTestId('admin-customer-demo');
    click(screen.getByTestId('admin-customer-add'));
    type(await screen.findByTestId('admin-customer-name'), '新客户');
    click(screen.getByTestId('admin-customer-form-ok'));
    expect(await screen.findByText('请输入客户编码')).toBeTruthy();
    type(screen.getByTestId('admin-customer-code'), 'a b');
    expect(await screen.findByText('客户编码只能包含字母、数字、下划线和连字符')).toBeTruthy();
    expect(createCustomer).not.toHaveBeenCalled();
  });

  it('creates a customer and shows it; a refusal stays in the dialog', async () => {
    vi.mocked(createCustomer)
      .mockRejectedValueOnce(new Error('请求超时'))
      .mockRejectedValueOnce(new Error('code: 客户编码已存在'))
      .mockResolvedValueOnce({ ...demo, id: 'c2', code: 'acme', name: '阿克米', projectCount: 0 });
    show();
    await screen.findByTestId('admin-customer-demo');
    click(screen.getByTestId('admin-customer-add'));
    type(await screen.findByTestId('admin-customer-code'), 'acme');
    type(screen.getByTestId('admin-customer-name'), '阿克米');
    click(screen.getByTestId('admin-customer-form-ok'));
    expect((await screen.findByTestId('admin-customer-form-failure')).textContent).toBe('请求超时');
    // A refusal naming a field goes under that field.
    click(screen.getByTestId('admin-customer-form-ok'));
    expect(await screen.findByText('客户编码已存在')).toBeTruthy();
    expect(screen.queryByTestId('admin-customer-form-failure')).toBeNull();
    click(screen.getByTestId('admin-customer-form-ok'));
    expect(await screen.findByTestId('admin-customer-acme')).toBeTruthy();
    expect(createCustomer).toHaveBeenLastCalledWith({ code: 'acme', name: '阿克米' });
    expect(message.success).toHaveBeenCalledWith('已创建客户「阿克米」');
  });

  it('disables a customer only after confirming, and marks its projects', async () => {
    vi.mocked(updateCustomer).mockResolvedValue({ ...demo, disabled: true });
    show();
    click(await screen.findByTestId('admin-customer-toggle-demo'));
    expect(updateCustomer).not.toHaveBeenCalled();
    const confirm = await screen.findByText('停用客户「演示客户」？');
    click(within(confirm.closest('.ant-popover')!).getByText('停 用'));
    await waitFor(() => expect(updateCustomer).toHaveBeenCalledWith('c1', { disabled: true }));
    await waitFor(() =>
      expect(screen.getByTestId('admin-project-demo/demo').textContent).toContain('客户已停用'),
    );
    expect(screen.getByTestId('admin-customer-toggle-demo').textContent).toContain('启用');
  });

  it('lists users and gives one a project role', async () => {
    vi.mocked(setMembership).mockResolvedValue({
      ...li,
      projects: [{ projectId: 'p1', role: 'admin' }],
    });
    show('users');
    const row = await screen.findByTestId('admin-user-li');
    expect(row.textContent).toContain('未加入项目');
    click(screen.getByTestId('admin-user-roles-li'));
    expect(await screen.findByText('尚未加入任何项目')).toBeTruthy();
    const projectSelect = screen.getByTestId('admin-role-project');
    act(() => void fireEvent.mouseDown(projectSelect.querySelector('input')!));
    click(await screen.findByText('演示客户 / 演示项目（demo）'));
    act(
      () => void fireEvent.mouseDown(screen.getByTestId('admin-role-role').querySelector('input')!),
    );
    click((await screen.findAllByText('管理员')).at(-1)!);
    click(screen.getByTestId('admin-role-add'));
    await waitFor(() => expect(setMembership).toHaveBeenCalledWith('u1', 'p1', 'admin'));
    await waitFor(() =>
      expect(screen.getByTestId('admin-user-li').textContent).toContain(
        '演示客户 / 演示项目 · 管理员',
      ),
    );
  });

  it('says why the server refused a change, without the field it names', async () => {
    vi.mocked(updateUser).mockRejectedValue(new Error('disabled: 不能停用自己的账号'));
    show('users');
    click(await screen.findByTestId('admin-user-toggle-li'));
    const confirm = await screen.findByText('停用「小李」？');
    click(within(confirm.closest('.ant-popover')!).getByText('停 用'));
    await waitFor(() => expect(message.error).toHaveBeenCalledWith('操作失败：不能停用自己的账号'));
    expect(updateUser).toHaveBeenCalledWith('u1', { disabled: true });
    expect(screen.getByTestId('admin-user-li').textContent).toContain('正常');
  });

  it('shows audit entries with the action in Chinese and what changed', async () => {
    vi.mocked(fetchAudit).mockResolvedValue({
      total: 1,
      items: [
        {
          id: 'a1',
          at: '2026-11-23T08:00:00Z',
          actorId: 'u0',
          actorName: 'admin',
          action: 'membership.set',
          targetType: 'user',
          targetId: 'u1',
          targetName: 'li',
          projectId: 'p1',
          projectName: '/yuqing/demo/demo/latest/',
          address: '203.0.113.7',
          details: { projectId: 'p1', role: 'admin' },
        },
        {
          id: 'a2',
          at: '2026-11-23T09:00:00Z',
          actorId: 'u1',
          actorName: 'li',
          action: 'report_share.create',
          targetType: 'report_share',
          targetId: 's1',
          targetName: '周报',
          projectId: 'p1',
          projectName: '/yuqing/demo/demo/latest/',
          address: '198.51.100.2',
          details: { reportId: 'r1', days: 7 },
        },
      ],
    });
    show('audit');
    const row = await screen.findByTestId('admin-audit-membership.set');
    expect(row.textContent).toContain('设置项目角色');
    expect(row.textContent).toContain('用户 li');
    expect(row.textContent).toContain('项目：演示客户 / 演示项目');
    expect(row.textContent).toContain('角色：管理员');
    expect(row.textContent).toContain('203.0.113.7');
    const share = screen.getByTestId('admin-audit-report_share.create');
    expect(share.textContent).toContain('创建分享链接');
    expect(share.textContent).toContain('分享链接 周报');
    expect(share.textContent).toContain('演示客户 / 演示项目');
    expect(share.textContent).toContain('198.51.100.2');
    expect(share.textContent).toContain('有效天数：7');
    expect(fetchAudit).toHaveBeenCalledWith({ page: 1, size: 20 });
  });

  it('says 暂无数据 when there are no lockouts, and lists them otherwise', async () => {
    show('lockouts');
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    cleanup();
    vi.mocked(fetchLoginLockouts).mockResolvedValue([
      {
        id: 'l1',
        kind: 'address',
        username: 'admin',
        address: '203.0.113.9',
        startedAt: '2026-11-23T08:00:00Z',
        lastFailureAt: '2026-11-23T08:01:00Z',
        failures: 5,
        until: '2999-01-01T00:00:00Z',
      },
    ]);
    show('lockouts');
    const row = await screen.findByTestId('admin-lockout-address-admin');
    expect(row.textContent).toContain('地址锁定');
    expect(row.textContent).toContain('203.0.113.9');
    expect(row.textContent).toContain('生效中');
  });
});
