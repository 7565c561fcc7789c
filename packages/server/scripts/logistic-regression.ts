import { seededRandom, shuffle } from './seeded-random.js';

export interface Example {
  features: ReadonlySet<number>;
  positive: boolean;
}

export interface TrainingOptions {
  epochs: number;
  learningRate: number;
  /** L2 weight decay per step. */
  l2: number;
  /** Features seen in fewer training examples get no weight. */
  minExamples: number;
  /** Seeds the order of examples in each epoch. */
  seed: number;
}

/**
 * The feature weights of a binary logistic regression without intercept, by stochastic gradient
 * descent. Each present feature is valued 1/√(number of features of the example), as
 * `SentimentModelFile` describes.
 */
export function trainLogisticRegression(
  examples: readonly Example[],
  options: TrainingOptions,
): Map<number, number> {
  const seenIn = new Map<number, number>();
  for (const { features } of examples) {
    for (const feature of features) seenIn.set(feature, (seenIn.get(feature) ?? 0) + 1);
  }
  const ids = new Map<number, number>();
  for (const [feature, count] of seenIn) {
    if (count >= options.minExamples) ids.set(feature, ids.size);
  }

  const encoded = examples.map(({ features, positive }) => ({
    ids: Int32Array.from([...features].flatMap((feature) => ids.get(feature) ?? [])),
    value: features.size > 0 ? 1 / Math.sqrt(features.size) : 0,
    target: positive ? 1 : 0,
  }));
  const weights = new Float64Array(ids.size);
  const random = seededRandom(options.seed);
  const order = encoded.map((_, i) => i);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffle(order, random);
    const rate = options.learningRate / (1 + 0.3 * epoch);
    // Decay touches only the example's own features: the usual shortcut for sparse data.
    const decay = 1 - rate * options.l2;
    for (const i of order) {
      const example = encoded[i]!;
      let logit = 0;
      for (const id of example.ids) logit += weights[id]! * example.value;
      const gradient = 1 / (1 + Math.exp(-logit)) - example.target;
      for (const id of example.ids) {
        weights[id] = weights[id]! * decay - rate * gradient * example.value;
      }
    }
  }
  return new Map([...ids].map(([feature, id]) => [feature, weights[id]!]));
}
