import { ADMIN_CALLS, type CreateProject, type Dashboard } from '@yuqing/core';
import type { Viewer } from '../auth/access.js';
import { conflict, notFound } from '../errors.js';
import { DuplicateCustomerError, DuplicateProjectError, type Store } from '../store/index.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** What a rename or a disable/enable changes, for the audit log; empty when nothing does. */
function changesOf(
  before: { name: string; disabled: boolean },
  change: { name?: string; disabled?: boolean },
): { name?: string; disabled?: boolean; details: Record<string, unknown> } {
  const details: Record<string, unknown> = {};
  const name = change.name !== undefined && change.name !== before.name ? change.name : undefined;
  const disabled =
    change.disabled !== undefined && change.disabled !== before.disabled
      ? change.disabled
      : undefined;
  if (name !== undefined) details.name = { from: before.name, to: name };
  if (disabled !== undefined) details.disabled = disabled;
  return { name, disabled, details };
}

/** Creates the project with the dashboard its source gives; answers its id. */
async function createFromSource(store: Store, input: CreateProject, viewer: Viewer) {
  const { source, ...place } = input;
  if (source.kind === 'copy') {
    if (!(await store.adminTenancy.project(source.projectId))) {
      throw notFound('source.projectId: 要复制的项目不存在');
    }
    // The copy takes the source's settings and dashboards, and lands where `place` says.
    return store.projectCopy.copy(
      { id: source.projectId, customerId: place.customerId, repository: place.repository },
      { code: place.code, name: place.name, subjects: source.subjects },
      viewer.user.id,
      false,
    );
  }
  let dashboard: Dashboard | undefined;
  if (source.kind === 'template') {
    const template = await store.templates.find(source.customerId, source.name);
    if (!template) throw notFound(`source.name: 模板「${source.name}」不存在`);
    dashboard = template.template;
  }
  return store.adminTenancy.createProject(place, dashboard, viewer.user.id);
}

/** Customers and projects: list, create, rename, disable and enable (super admins). */
export function adminTenancyRoutes(api: Api, { store, access, audit }: RouteContext) {
  route(api, ADMIN_CALLS.tenancy, async () => ok(await store.adminTenancy.overview()));

  route(api, ADMIN_CALLS.createCustomer, async ({ request, viewer, body }) => {
    const { code, name } = body;
    let id: string;
    try {
      id = await store.adminTenancy.createCustomer(code, name);
    } catch (error) {
      if (error instanceof DuplicateCustomerError) throw conflict('code: 客户编码已存在');
      throw error;
    }
    const target = { type: 'customer' as const, id, name: code };
    access.forgetAccess();
    await audit(request, viewer, 'customer.create', target, { code, name });
    return ok((await store.adminTenancy.customer(id))!);
  });

  route(api, ADMIN_CALLS.updateCustomer, async ({ request, viewer, params, body }) => {
    const before = await store.adminTenancy.customer(params.id);
    if (!before) throw notFound('客户不存在');
    const { details, ...change } = changesOf(before, body);
    if (Object.keys(details).length === 0) return ok(before);
    await store.adminTenancy.updateCustomer(before.id, change);
    const target = { type: 'customer' as const, id: before.id, name: before.code };
    access.forgetAccess();
    await audit(request, viewer, 'customer.update', target, details);
    return ok((await store.adminTenancy.customer(before.id))!);
  });

  route(api, ADMIN_CALLS.customerTemplates, async ({ params }) => {
    if (!(await store.adminTenancy.customer(params.id))) throw notFound('客户不存在');
    return ok(await store.templates.list(params.id));
  });

  route(api, ADMIN_CALLS.createProject, async ({ request, viewer, body }) => {
    const customer = await store.adminTenancy.customer(body.customerId);
    if (!customer) throw notFound('customerId: 客户不存在');
    let id: string;
    try {
      id = await createFromSource(store, body, viewer);
    } catch (error) {
      if (error instanceof DuplicateProjectError) throw conflict('code: 项目编码已存在');
      throw error;
    }
    const created = (await store.adminTenancy.project(id))!;
    const target = { type: 'project' as const, id, name: created.path };
    access.forgetAccess();
    await audit(request, { viewer, project: created }, 'project.create', target, {
      repository: created.repository,
      customer: customer.code,
      code: created.code,
      name: created.name,
      source: body.source,
    });
    return ok(created);
  });

  route(api, ADMIN_CALLS.updateProject, async ({ request, viewer, params, body }) => {
    const before = await store.adminTenancy.project(params.id);
    if (!before) throw notFound('项目不存在');
    const { details, ...change } = changesOf(before, body);
    if (Object.keys(details).length === 0) return ok(before);
    await store.adminTenancy.updateProject(before.id, change);
    const target = { type: 'project' as const, id: before.id, name: before.path };
    access.forgetAccess();
    await audit(request, { viewer, project: before }, 'project.update', target, details);
    return ok((await store.adminTenancy.project(before.id))!);
  });
}
