import { randomBytes } from 'node:crypto';
import { DEFAULT_PROMPTS } from '@yuqing/core';
import { hashPassword } from '../auth/password.js';
import { md5Hex } from '../auth/tokens.js';
import type { Store } from '../store/index.js';
import { demoDashboard, demoProjectData, demoSubjectDashboard } from './demo-dashboard.js';
import { demoProfile } from './demo-project.js';
import { demoRules } from './demo-rules.js';

export const DEMO = { repository: 'yuqing', customer: 'demo', project: 'demo' } as const;

export interface SeedResult {
  /** Set only when the password was generated: it is shown once and never stored in clear. */
  generatedAdminPassword?: string;
}

/**
 * On an empty store: the demo customer and project (with a subject) and the super admin
 * `admin`, whose password is `adminPassword` or a generated one.
 */
export async function seedIfEmpty(store: Store, adminPassword?: string): Promise<SeedResult> {
  if ((await store.tenancy.countProjects()) > 0) return {};

  const customerId = await store.tenancy.createCustomer(DEMO.customer, '演示客户');
  const projectId = await store.tenancy.createProject({
    customerId,
    repository: DEMO.repository,
    code: DEMO.project,
    name: '星河汽车舆情监测',
    profile: demoProfile,
  });
  await store.tenancy.createSubject({
    id: 'launch',
    projectId,
    name: '星河S7新品发布',
    tendencies: ['正面', '中性', '负面'],
  });
  for (const [subjectId, content] of [
    ['', demoDashboard],
    ['launch', demoSubjectDashboard],
  ] as const) {
    const key = { projectId, subjectId };
    await store.dashboards.saveDraft(key, content, 0, null);
    await store.dashboards.publish(key, null);
  }
  for (const item of demoProjectData) await store.projectData.save(projectId, item);
  for (const prompt of DEFAULT_PROMPTS) await store.prompts.add(projectId, prompt);
  await store.taggingRules.replace(projectId, demoRules, null);

  if ((await store.users.countSuperAdmins()) > 0) return {};
  const password = adminPassword ?? randomBytes(9).toString('base64url');
  await store.users.create({
    username: 'admin',
    nickname: '管理员',
    password_hash: await hashPassword(md5Hex(password)),
    wx_openid: null,
    is_super_admin: true,
  });
  return adminPassword ? {} : { generatedAdminPassword: password };
}
