import type { AdminCustomer, AdminProject, AdminTenancy } from '@yuqing/core';

export type TenancyRow =
  /** `children` is left out for a customer without (shown) projects: no expand arrow. */
  | { key: string; kind: 'customer'; customer: AdminCustomer; children?: TenancyRow[] }
  | { key: string; kind: 'project'; customer: AdminCustomer; project: AdminProject };

/** Whether members may open the project: its own flag, and its customer's. */
export type ProjectStatus = 'active' | 'disabled' | 'customerDisabled';

export function projectStatus(project: AdminProject, customer: AdminCustomer): ProjectStatus {
  if (project.disabled) return 'disabled';
  return customer.disabled ? 'customerDisabled' : 'active';
}

function matches(text: string, needle: string): boolean {
  return text.toLowerCase().includes(needle);
}

/**
 * Customers with their projects beneath, by code. A search keeps the customers whose code or
 * name holds it (with all their projects) and the projects that hold it (under their customer).
 */
export function tenancyRows(tenancy: AdminTenancy, search = ''): TenancyRow[] {
  const needle = search.trim().toLowerCase();
  const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);
  return [...tenancy.customers].sort(byCode).flatMap((customer): TenancyRow[] => {
    const projects = tenancy.projects
      .filter((project) => project.customerId === customer.id)
      .sort(byCode);
    const customerHit = !needle || matches(customer.code, needle) || matches(customer.name, needle);
    const shown = customerHit
      ? projects
      : projects.filter(
          (project) =>
            matches(project.code, needle) ||
            matches(project.name, needle) ||
            matches(project.repository, needle),
        );
    if (!customerHit && shown.length === 0) return [];
    return [
      {
        key: customer.id,
        kind: 'customer',
        customer,
        children: shown.length
          ? shown.map((project) => ({ key: project.id, kind: 'project', customer, project }))
          : undefined,
      },
    ];
  });
}

/** A row's code: the customer's, or `customer/project` (project codes repeat across customers). */
export function rowCode(row: TenancyRow): string {
  return row.kind === 'customer' ? row.customer.code : `${row.customer.code}/${row.project.code}`;
}

/** `客户名称 / 项目名称`, how a project is named outside its customer's row. */
export function projectLabel(project: AdminProject): string {
  return `${project.customerName} / ${project.name}`;
}

/** The tenancy with `customer` added or replaced. */
export function withCustomer(tenancy: AdminTenancy, customer: AdminCustomer): AdminTenancy {
  const known = tenancy.customers.some((each) => each.id === customer.id);
  return {
    ...tenancy,
    customers: known
      ? tenancy.customers.map((each) => (each.id === customer.id ? customer : each))
      : [...tenancy.customers, customer],
  };
}

/** The tenancy with `project` added (its customer counting one more) or replaced. */
export function withProject(tenancy: AdminTenancy, project: AdminProject): AdminTenancy {
  const known = tenancy.projects.some((each) => each.id === project.id);
  if (known) {
    return {
      ...tenancy,
      projects: tenancy.projects.map((each) => (each.id === project.id ? project : each)),
    };
  }
  return {
    repositories: tenancy.repositories.includes(project.repository)
      ? tenancy.repositories
      : [...tenancy.repositories, project.repository].sort(),
    customers: tenancy.customers.map((customer) =>
      customer.id === project.customerId
        ? { ...customer, projectCount: customer.projectCount + 1 }
        : customer,
    ),
    projects: [...tenancy.projects, project],
  };
}
