import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromptInput } from '@yuqing/core';
import { buildProject } from '../../test/factories.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import type { Store } from './index.js';

describe.each(testStoreKinds())('prompts on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  const sentiment: PromptInput = {
    name: '情感判断',
    type_name: '情感',
    prompt: [
      { role: 'system', content: '你是舆情分析师' },
      { role: 'user', content: '判断情感：{title}{text}' },
    ],
    temperature: 0.2,
  };

  it("keeps a project's prompts in the order they were made, apart from other projects'", async () => {
    const project = await buildProject(store);
    const other = await buildProject(store);
    const first = await store.prompts.add(project.id, sentiment);
    const second = await store.prompts.add(project.id, { ...sentiment, name: '品牌提取' });
    await store.prompts.add(other.id, sentiment);

    expect(first).toEqual({ _id: expect.any(String), ...sentiment });
    expect(await store.prompts.list(project.id)).toEqual([first, second]);
    expect(await store.prompts.count(project.id)).toBe(2);
    expect(await store.prompts.count(other.id)).toBe(1);
  });

  it('edits and deletes a prompt of its project only', async () => {
    const project = await buildProject(store);
    const other = await buildProject(store);
    const { _id } = await store.prompts.add(project.id, sentiment);
    const edited = { ...sentiment, name: '情感判断（新）', temperature: 1.5 };

    expect(await store.prompts.update(other.id, _id, edited)).toBeUndefined();
    expect(await store.prompts.update(project.id, 'not-a-uuid', edited)).toBeUndefined();
    expect(await store.prompts.update(project.id, _id, edited)).toEqual({ _id, ...edited });
    expect(await store.prompts.list(project.id)).toEqual([{ _id, ...edited }]);

    expect(await store.prompts.remove(other.id, _id)).toBe(false);
    expect(await store.prompts.remove(project.id, 'not-a-uuid')).toBe(false);
    expect(await store.prompts.remove(project.id, _id)).toBe(true);
    expect(await store.prompts.list(project.id)).toEqual([]);
  });
});
