import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testAlertRuleRequest } from './alerts/alert.js';
import { fieldLabel, fieldMessage, formMessage } from './validation-messages.js';

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

  it('says the same in English, around the label it is given', () => {
    const schema = z.object({
      revision: z.number().int().max(9),
      tags: z.array(z.string()).min(2),
      kind: z.enum(['a', 'b']),
    });
    const result = schema.safeParse(
      { revision: 'abc', tags: ['x'], kind: 'c' },
      { error: (issue) => formMessage(issue, String(issue.path?.[0]), 'en_US') },
    );
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'revision is not a valid number',
      'tags needs at least 2 items',
      'kind is not a valid option',
    ]);
  });

  it("names the days of an alert rule's test, and the rule's schedule fields", () => {
    const rule = { name: '声量', condition: { kind: 'volume', threshold: 10 } };
    const messages = (value: object) => {
      const result = testAlertRuleRequest.safeParse(value, { error: fieldMessage });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ ...rule, days: 31 })).toEqual(['天数不能大于 30']);
    expect(messages({ ...rule, cooldown_minutes: -1 })).toEqual(['冷却时间不能小于 0']);
    expect(messages({ ...rule, enabled: 'yes' })).toEqual(['启用不是一个有效的布尔值']);
  });

  it("keeps a schema's own message", () => {
    expect(
      messagesOf(z.object({ name: z.string().min(1, '请输入模板名称') }), { name: '' }),
    ).toEqual(['请输入模板名称']);
  });
});
