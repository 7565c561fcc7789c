import type { TagRules } from '@yuqing/core';
import { demoRules } from '../src/seed/demo-rules.js';

/**
 * A large rule set, as a brand-rich project keeps: the demo rules and `brands` more brands of
 * `aliases` aliases each, with a product of two aliases each (9,800 brands of 28 aliases: a rules
 * CSV of about 3.7 MB, its JSON about 4.9 MB). Built as stored (defaults filled), not parsed.
 */
export function bigTagRules(brands = 9_800, aliases = 28): TagRules {
  const extraBrands = Array.from({ length: brands }, (_, i) => ({
    name: `品牌${i}`,
    path: `/品牌/组${i % 50}/品牌${i}`,
    aliases: Array.from({ length: aliases }, (_, j) => `品牌${i}别名${j}`),
  }));
  const products = extraBrands.map((brand, i) => ({
    name: `产品${i}`,
    type: '',
    brand: brand.name,
    category: '',
    aliases: [`产品${i}款`, `P${i}X`],
  }));
  return {
    ...demoRules,
    brands: [...demoRules.brands, ...extraBrands],
    products: [...demoRules.products, ...products],
  };
}
