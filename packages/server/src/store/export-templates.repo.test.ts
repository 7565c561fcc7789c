import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '../../test/factories.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import type { Store } from './index.js';

describe.each(testStoreKinds())('export templates on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  const template = {
    kind: 'pptx' as const,
    name: '品牌模板',
    colors: ['C00000', 'ED7D31'],
    accent: 'C00000',
    background: 'FFFFFF',
    createdBy: '管理员',
  };

  it('keeps uploaded templates by project and kind, lists them without logo bytes', async () => {
    const project = await buildProject(store);
    const other = await buildProject(store);
    const logo = {
      data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
      type: 'image/png' as const,
    };
    const added = await store.exportTemplates.add(project.id, { ...template, logo });
    await store.exportTemplates.add(project.id, { ...template, kind: 'docx', name: 'Word' });
    await store.exportTemplates.add(other.id, template);

    expect(added).toMatchObject({ name: '品牌模板', colors: template.colors, hasLogo: true });
    expect(added.createdAt).toBeInstanceOf(Date);
    const listed = await store.exportTemplates.list(project.id, 'pptx');
    expect(listed).toEqual([added]);
    expect(listed[0]).not.toHaveProperty('logo');
    expect(await store.exportTemplates.count(project.id, 'docx')).toBe(1);

    const found = await store.exportTemplates.find(project.id, 'pptx', added.id);
    expect(found?.logo?.data.equals(logo.data)).toBe(true);
    expect(found?.logo?.type).toBe('image/png');
    expect(await store.exportTemplates.find(project.id, 'docx', added.id)).toBeUndefined();
    expect(await store.exportTemplates.find(other.id, 'pptx', added.id)).toBeUndefined();
    expect(await store.exportTemplates.find(project.id, 'pptx', 'default')).toBeUndefined();
  });

  it('removes a template of its project and kind only', async () => {
    const project = await buildProject(store);
    const other = await buildProject(store);
    const added = await store.exportTemplates.add(project.id, template);
    expect((await store.exportTemplates.find(project.id, 'pptx', added.id))?.logo).toBeUndefined();
    expect(await store.exportTemplates.remove(other.id, 'pptx', added.id)).toBe(false);
    expect(await store.exportTemplates.remove(project.id, 'docx', added.id)).toBe(false);
    expect(await store.exportTemplates.remove(project.id, 'pptx', 'nope')).toBe(false);
    expect(await store.exportTemplates.remove(project.id, 'pptx', added.id)).toBe(true);
    expect(await store.exportTemplates.list(project.id, 'pptx')).toEqual([]);
  });
});
