import type { AdminCustomer, AdminProject, AdminTenancy } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { projectStatus, rowCode, tenancyRows, withCustomer, withProject } from './tenancyTree';

const customer = (code: string, patch: Partial<AdminCustomer> = {}): AdminCustomer => ({
  id: `c-${code}`,
  code,
  name: `客户${code}`,
  disabled: false,
  createdAt: '2026-01-01T00:00:00Z',
  projectCount: 0,
  ...patch,
});

const project = (owner: AdminCustomer, code: string, patch: Partial<AdminProject> = {}) =>
  ({
    id: `p-${owner.code}-${code}`,
    repository: 'yuqing',
    customerId: owner.id,
    customerCode: owner.code,
    customerName: owner.name,
    code,
    name: `项目${code}`,
    disabled: false,
    createdAt: '2026-01-01T00:00:00Z',
    memberCount: 1,
    path: `/yuqing/${owner.code}/${code}/latest/`,
    ...patch,
  }) satisfies AdminProject;

const acme = customer('acme', { name: '阿克米', projectCount: 2 });
const demo = customer('demo', { name: '演示' });
const tenancy: AdminTenancy = {
  repositories: ['yuqing'],
  customers: [demo, acme],
  projects: [project(acme, 'zeta'), project(demo, 'demo'), project(acme, 'alpha')],
};

describe('tenancyRows', () => {
  it('lists customers by code with their projects by code beneath', () => {
    const rows = tenancyRows(tenancy);
    expect(rows.map(rowCode)).toEqual(['acme', 'demo']);
    expect(rows[0]!.kind === 'customer' && rows[0]!.children?.map(rowCode)).toEqual([
      'acme/alpha',
      'acme/zeta',
    ]);
  });

  it('leaves out the children of a customer without projects, so it has no expand arrow', () => {
    const rows = tenancyRows({ ...tenancy, customers: [customer('empty')], projects: [] });
    expect(rows[0]!.kind === 'customer' && rows[0]!.children).toBeUndefined();
  });

  it('keeps a matching customer whole and only the matching projects of others', () => {
    expect(tenancyRows(tenancy, '阿克').map(rowCode)).toEqual(['acme']);
    const byProject = tenancyRows(tenancy, 'ZET');
    expect(byProject.map(rowCode)).toEqual(['acme']);
    expect(byProject[0]!.kind === 'customer' && byProject[0]!.children?.map(rowCode)).toEqual([
      'acme/zeta',
    ]);
    expect(tenancyRows(tenancy, 'nothing')).toEqual([]);
  });
});

describe('projectStatus', () => {
  it("names the project's own flag first, then its customer's", () => {
    const open = project(acme, 'a');
    expect(projectStatus(open, acme)).toBe('active');
    expect(projectStatus(open, { ...acme, disabled: true })).toBe('customerDisabled');
    expect(projectStatus({ ...open, disabled: true }, { ...acme, disabled: true })).toBe(
      'disabled',
    );
  });
});

describe('tenancy updates', () => {
  it('adds a new project under its customer, who counts one more', () => {
    const added = withProject(tenancy, project(acme, 'new', { repository: 'other' }));
    expect(added.projects).toHaveLength(4);
    expect(added.customers.find((each) => each.id === acme.id)?.projectCount).toBe(3);
    expect(added.repositories).toEqual(['other', 'yuqing']);
  });

  it('replaces a known project or customer in place', () => {
    const renamed = withProject(tenancy, project(acme, 'zeta', { name: '新名' }));
    expect(renamed.projects.find((each) => each.code === 'zeta')?.name).toBe('新名');
    expect(renamed.customers.find((each) => each.id === acme.id)?.projectCount).toBe(2);
    const disabled = withCustomer(tenancy, { ...demo, disabled: true });
    expect(disabled.customers.map((each) => each.disabled)).toEqual([true, false]);
  });
});
