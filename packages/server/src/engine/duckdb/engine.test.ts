import { describeEngineConformance } from '../conformance/conformance.js';
import { openTestEngine } from '../../testing/engines.js';

describeEngineConformance('duckdb', async () => {
  const engine = await openTestEngine();
  return { engine, close: () => engine.close() };
});
