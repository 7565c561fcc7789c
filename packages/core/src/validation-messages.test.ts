import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, formMessage } from './validation-messages.js';

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value, {
    error: (issue) => formMessage(issue, fieldLabel(issue.path ?? [])),
  });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('validation messages', () => {
  it('names a field by its label, else by its name, and the value itself as 内容', () => {
    expect(fieldLabel(['pages', 0, 'username'])).toBe('用户名');
    expect(fieldLabel(['filters', 'media_platform'])).toBe('媒体平台');
    expect(fieldLabel(['menu', 2])).toBe('menu');
    expect(fieldLabel([])).toBe('内容');
  });

  it("says a missing field is wanted and a mistyped one is not a valid type, in spec 5's words", () => {
    const schema = z.object({ revision: z.number().int().max(9), name: z.string().min(1) });
    expect(messagesOf(schema, {})).toEqual(['请输入修订号', '请输入名称']);
    expect(messagesOf(schema, { revision: 'abc', name: '' })).toEqual([
      '修订号不是一个有效的数字',
      '请输入名称',
    ]);
    expect(messagesOf(schema, { revision: 10, name: 'x' })).toEqual(['修订号不能大于 9']);
  });

  it("keeps a schema's own message", () => {
    expect(
      messagesOf(z.object({ name: z.string().min(1, '请输入模板名称') }), { name: '' }),
    ).toEqual(['请输入模板名称']);
  });
});
