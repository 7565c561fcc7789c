import { describeEngineConformance } from '../../../test/conformance/conformance.js';
import { openTestEngine } from '../../../test/engines.js';

describeEngineConformance('duckdb', async () => {
  const engine = await openTestEngine();
  return { engine, close: () => engine.close() };
});
