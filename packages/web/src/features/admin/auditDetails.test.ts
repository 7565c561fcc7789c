import type { AuditEntry } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { auditDetailLines, type AuditNames } from './auditDetails';

const names: AuditNames = {
  project: (id) => ({ p1: '演示 / 演示项目' })[id],
  customer: (id) => ({ c1: '演示' })[id],
};

const entry = (details: Record<string, unknown>): AuditEntry => ({
  id: 'a1',
  at: '2026-11-23T08:00:00Z',
  actorId: 'u0',
  actorName: 'admin',
  action: 'project.update',
  targetType: 'project',
  targetId: 'p1',
  targetName: 'demo',
  projectId: 'p1',
  projectName: '/yuqing/demo/demo/latest/',
  address: '203.0.113.7',
  details,
});

describe('auditDetailLines', () => {
  it('says renames as from → to and flags in words', () => {
    expect(
      auditDetailLines(entry({ name: { from: '旧', to: '新' }, disabled: true }), names),
    ).toEqual(['名称：旧 → 新', '停用']);
    const update = { ...entry({ disabled: false, isSuperAdmin: true }), action: 'user.update' };
    expect(auditDetailLines(update as AuditEntry, names)).toEqual(['设为超级管理员', '启用']);
  });

  it('never shows a password, only that it was reset', () => {
    expect(auditDetailLines(entry({ password: 'reset' }), names)).toEqual(['重置密码']);
  });

  it('names projects, customers and roles instead of ids and codes', () => {
    expect(auditDetailLines(entry({ projectId: 'p1', role: 'admin' }), names)).toEqual([
      '项目：演示 / 演示项目',
      '角色：管理员',
    ]);
    expect(
      auditDetailLines(entry({ role: { from: 'viewer', to: 'admin' }, customerId: 'c1' }), names),
    ).toEqual(['客户：演示', '角色：成员 → 管理员']);
    expect(
      auditDetailLines(entry({ projects: [{ projectId: 'p1', role: 'viewer' }] }), names),
    ).toEqual(['项目：演示 / 演示项目（成员）']);
  });

  it("says where a new project's pages came from", () => {
    const source = (value: unknown) => auditDetailLines(entry({ source: value }), names)[0];
    expect(source({ kind: 'empty' })).toBe('页面来源：空白项目');
    expect(source({ kind: 'template', customerId: 'c1', name: '汽车' })).toBe(
      '页面来源：模板「汽车」（演示）',
    );
    expect(source({ kind: 'copy', projectId: 'p1', subjects: true })).toBe(
      '页面来源：复制项目「演示 / 演示项目」，含专题',
    );
  });

  it('says a new user is super admin only when they are', () => {
    const created = (isSuperAdmin: boolean) =>
      auditDetailLines(
        { ...entry({ nickname: '小李', isSuperAdmin, projects: [] }), action: 'user.create' },
        names,
      );
    expect(created(false)).toEqual(['昵称：小李', '项目：无']);
    expect(created(true)).toEqual(['昵称：小李', '项目：无', '超级管理员']);
  });

  it("gives a first role without a 'from', and a project's path only when its name is gone", () => {
    const details = {
      projectId: 'p1',
      project: '/yuqing/demo/demo/',
      role: { from: null, to: 'admin' },
    };
    expect(auditDetailLines(entry(details), names)).toEqual([
      '项目：演示 / 演示项目',
      '角色：管理员',
    ]);
    expect(auditDetailLines(entry({ ...details, projectId: 'gone' }), names)).toEqual([
      '项目：/yuqing/demo/demo/',
      '角色：管理员',
    ]);
  });

  it('says what project actions changed, in words, without the ids another line names', () => {
    expect(
      auditDetailLines(
        entry({ subjectId: 's1', subject: '新车上市', changed: ['icp', 'scene'], revision: 3 }),
        names,
      ),
    ).toEqual(['专题：新车上市', '改动项：icp、scene', '草稿修订号：3']);
    expect(
      auditDetailLines(
        entry({
          channels: [
            { id: 'c1', kind: 'wecom' },
            { id: 'c2', kind: 'email' },
          ],
        }),
        names,
      ),
    ).toEqual(['通知渠道：wecom、email']);
    expect(
      auditDetailLines(entry({ kind: 'wecom', channelId: 'c1', delivered: false }), names),
    ).toEqual(['类型：wecom', '测试发送：失败']);
    expect(auditDetailLines(entry({ rules: { products: 2, negations: 1 } }), names)).toEqual([
      '规则数：products 2、negations 1',
    ]);
    expect(auditDetailLines(entry({ format: 'pptx', size: 2560 }), names)).toEqual([
      '格式：pptx',
      '大小：2.5 KB',
    ]);
  });

  it('keeps an unknown key and an unknown id readable', () => {
    expect(auditDetailLines(entry({ projectId: 'gone', extra: 3 }), names)).toEqual([
      '项目：gone',
      'extra：3',
    ]);
  });
});
