import { describe, expect, it } from 'vitest';
import { projectRequest } from './projectRequest';

const place = { customerId: 'c1', repository: 'yuqing', code: 'brand', name: '品牌' };

describe('projectRequest', () => {
  it("sends only the chosen source's fields", () => {
    const fields = {
      ...place,
      templateCustomerId: 'c2',
      templateName: '汽车',
      copyProjectId: 'p9',
      copySubjects: true,
    };
    expect(projectRequest({ ...fields, source: 'empty' })).toEqual({
      ...place,
      source: { kind: 'empty' },
    });
    expect(projectRequest({ ...fields, source: 'template' }).source).toEqual({
      kind: 'template',
      customerId: 'c2',
      name: '汽车',
    });
    expect(projectRequest({ ...fields, source: 'copy' }).source).toEqual({
      kind: 'copy',
      projectId: 'p9',
      subjects: true,
    });
  });
});
