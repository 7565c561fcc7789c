import { seededRandom, shuffle } from './seeded-random.js';

/** Examples as rows of sparse features: row i holds `ids/values[starts[i]..starts[i + 1])`. */
export interface ExampleRows {
  starts: Int32Array;
  ids: Int32Array;
  values: Float32Array;
  /** 1 positive, 0 negative; NaN leaves the polarity head alone (a 中性 text). */
  polarity: Float32Array;
  /** 1 the text takes a side, 0 it does not. */
  opinion: Float32Array;
  /** How much each example counts in each head. */
  polarityWeight: Float32Array;
  opinionWeight: Float32Array;
}

export interface TrainingOptions {
  epochs: number;
  learningRate: number;
  /** L2 weight decay per step. */
  l2: number;
  /** Slots seen in fewer training examples get no weight. */
  minExamples: number;
  /** Seeds the order of examples in each epoch. */
  seed: number;
}

/**
 * Two binary logistic regressions over the same hashed features, by stochastic gradient descent:
 * polarity without intercept (a text without known features stays at 0.5) and opinion with one.
 */
export function trainHeads(rows: ExampleRows, slotCount: number, options: TrainingOptions) {
  const count = rows.starts.length - 1;
  const seen = new Int32Array(slotCount);
  for (let i = 0; i < rows.ids.length; i++) seen[rows.ids[i]!]!++;
  const usable = new Uint8Array(slotCount);
  for (let slot = 0; slot < slotCount; slot++)
    usable[slot] = seen[slot]! >= options.minExamples ? 1 : 0;

  const polarity = new Float32Array(slotCount);
  const opinion = new Float32Array(slotCount);
  let opinionBias = 0;
  const random = seededRandom(options.seed);
  const order = Array.from({ length: count }, (_, i) => i);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffle(order, random);
    const rate = options.learningRate / (1 + 0.5 * epoch);
    // Decay touches only the example's own features: the usual shortcut for sparse data.
    const decay = 1 - rate * options.l2;
    for (const i of order) {
      const start = rows.starts[i]!;
      const end = rows.starts[i + 1]!;
      const target = rows.polarity[i]!;
      if (!Number.isNaN(target)) {
        let logit = 0;
        for (let k = start; k < end; k++) logit += polarity[rows.ids[k]!]! * rows.values[k]!;
        const step = rate * rows.polarityWeight[i]! * (1 / (1 + Math.exp(-logit)) - target);
        for (let k = start; k < end; k++) {
          const slot = rows.ids[k]!;
          if (usable[slot]) polarity[slot] = polarity[slot]! * decay - step * rows.values[k]!;
        }
      }
      let logit = opinionBias;
      for (let k = start; k < end; k++) logit += opinion[rows.ids[k]!]! * rows.values[k]!;
      const step = rate * rows.opinionWeight[i]! * (1 / (1 + Math.exp(-logit)) - rows.opinion[i]!);
      opinionBias -= step;
      for (let k = start; k < end; k++) {
        const slot = rows.ids[k]!;
        if (usable[slot]) opinion[slot] = opinion[slot]! * decay - step * rows.values[k]!;
      }
    }
  }
  return { polarity, opinion, opinionBias };
}
