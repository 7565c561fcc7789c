import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '@yuqing/server/testing/fake-openai';
import { adminPage, startProduct, toastShown, type Product } from './harness.js';

const TEXT = '星河S7的续航表现很出色，冬季续航也不错。不过车机系统反应太慢，竞品A6的车机更流畅。';
const MODEL_TABLE = JSON.stringify([
  { 观点: '续航出色', 情感: '正面' },
  { 观点: '车机太慢', 情感: '负面' },
]);

describe('#/kg: tagging a text with the rules and asking the language model', () => {
  let product: Product;
  let model: FakeOpenAi;
  let page: Page;
  beforeAll(async () => {
    model = await startFakeOpenAi(() => ({ content: MODEL_TABLE }));
    product = await startProduct({
      env: {
        LLM_BASE_URL: model.url,
        LLM_API_KEY: 'e2e-model-key',
        LLM_MODEL_GPT3: 'fake-small',
        LLM_MODEL_GPT4: 'fake-large',
      },
    });
    page = await adminPage(product);
    await page.goto(`${product.projectUrl}#/kg`);
    await page.getByTestId('kg-form').waitFor();
  });
  afterAll(async () => {
    await product.close();
    await model.close();
  });

  it('warns about empty content, then tags the text and shows product, topic and relation rows', async () => {
    await page.getByTestId('kg-tag').click();
    await toastShown(page, '请输入内容');

    await page.getByTestId('kg-title-input').fill('星河S7 车主口碑');
    await page.getByTestId('kg-body-input').fill(TEXT);
    await page.getByTestId('kg-tag').click();
    await page.getByTestId('kg-tagged').waitFor();

    const products = page.getByTestId('kg-products');
    await products.waitFor();
    const productText = await products.innerText();
    expect(productText).toContain('星河S7');
    expect(productText).toContain('A6');
    // Matched words are highlighted in the tagged text.
    const marks = await page.getByTestId('kg-text').locator('mark').allInnerTexts();
    expect(marks).toEqual(expect.arrayContaining(['星河S7', '续航表现', '冬季续航', 'A6', '流畅']));
    await product.screenshot(page, 'kg-tagged-products');

    await page.getByRole('tab', { name: /话题/ }).click();
    const topics = await page.getByTestId('kg-topics').innerText();
    expect(topics).toContain('续航');
    expect(topics).toContain('正面');
    await page.getByRole('tab', { name: /关系/ }).click();
    expect(await page.getByTestId('kg-relations').innerText()).toContain('星河S7');
    await product.screenshot(page, 'kg-tagged-relations');

    // 编辑 goes back to the form with the text kept.
    await page.getByTestId('kg-edit').click();
    expect(await page.getByTestId('kg-body-input').inputValue()).toBe(TEXT);
  });

  it('reloads the rules', async () => {
    await page.getByTestId('kg-reload').click();
    await toastShown(page, '重新加载规则成功');
  });

  it('asks the model with a stored prompt in GPT mode and draws its table', async () => {
    await page.getByTestId('kg-mode').getByText('GPT 模式').click();
    await page.getByTestId('kg-gpt').waitFor();
    // GPT mode asks for a media type, and marks it as required.
    expect(await page.locator('.ant-form-item-required', { hasText: '媒体类型' }).count()).toBe(1);

    // A prompt made in the manager.
    await page.getByRole('button', { name: /管理提示词/ }).click();
    await page.getByRole('button', { name: /新建提示词/ }).click();
    const dialog = page.getByRole('dialog', { name: '新建提示词' });
    await dialog.getByLabel('名称').fill('观点提取');
    await dialog.getByLabel('类型').fill('观点分析');
    // Ant Design spaces out a two-character button label: 保 存.
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await toastShown(page, '保存成功');
    await page.locator('.ant-drawer').getByText('观点提取').waitFor();
    await product.screenshot(page, 'kg-prompts');
    await page.locator('.ant-drawer .ant-drawer-close').click();

    // Without a text type the model is not asked.
    await page.locator('.ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
    await page.getByTestId('kg-prompt').click();
    await page.locator('.ant-select-item-option').getByText('观点提取').click();
    await page.getByTestId('kg-gpt-run').click();
    await toastShown(page, '前选择要分析的文本类型');
    expect(model.requests).toHaveLength(0);

    await page.getByTestId('kg-media-type').click();
    await page.locator('.ant-select-item-option').getByText('微博').click();
    await page.getByTestId('kg-gpt-run').click();
    const table = page.getByTestId('kg-gpt-table');
    await table.waitFor();
    expect(await table.innerText()).toContain('车机太慢');
    expect(model.requests).toHaveLength(1);
    const [request] = model.requests;
    expect(request!.body.model).toBe('fake-large');
    // The prompt's {text} placeholder was filled with the form's body.
    expect(request!.body.messages.map((message) => message.content).join('\n')).toContain(TEXT);
    await product.screenshot(page, 'kg-gpt-table');
  });
});
