import { createCustomer } from '@yuqing/core';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../i18n/localeStore';
import { currentT } from '../../i18n/useT';
import { refusalText, schemaRule, splitFailure } from './formRules';

afterEach(() => useLocaleStore.setState({ locale: 'zh_CN' }));

async function judge(value: unknown): Promise<string | undefined> {
  const rule = schemaRule(createCustomer.shape.code, '客户编码', currentT()) as {
    validator: (rule: unknown, value: unknown) => Promise<void>;
  };
  try {
    await rule.validator({}, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('schemaRule', () => {
  it("asks for an empty field in the spec's words", async () => {
    expect(await judge(undefined)).toBe('请输入客户编码');
    expect(await judge('  ')).toBe('请输入客户编码');
  });

  it('names the field in a schema message that leaves it out, and passes a good value', async () => {
    expect(await judge('a b')).toBe('客户编码只能包含字母、数字、下划线和连字符');
    expect(await judge('acme-1')).toBeUndefined();
  });

  it('says it all in English in English, the label and the message alike', async () => {
    useLocaleStore.setState({ locale: 'en_US' });
    expect(await judge(undefined)).toBe('Customer code is required');
    expect(await judge('a'.repeat(65))).toBe('Customer code cannot be longer than 64 characters');
  });
});

describe('server refusals', () => {
  it('split into the field they name and what they say', () => {
    expect(splitFailure('code: 客户编码已存在')).toEqual({ field: 'code', text: '客户编码已存在' });
    expect(splitFailure('source.name: 模板「x」不存在')).toEqual({
      field: 'source.name',
      text: '模板「x」不存在',
    });
    expect(splitFailure('请求超时')).toEqual({ text: '请求超时' });
    expect(refusalText(new Error('disabled: 不能停用自己的账号'))).toBe('不能停用自己的账号');
    expect(refusalText(undefined)).toBe('请稍后再试');
  });
});
