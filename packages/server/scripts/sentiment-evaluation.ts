import type { SentimentModel } from '../src/ingest/enrich/sentiment.js';
import type { Label, Text } from './sentiment-data.js';

const LABELS: Label[] = ['正面', '负面', '中性'];
const round = (value: number) => Math.round(value * 10_000) / 10_000;

export interface Measure {
  texts: number;
  /** Calls equal to the label; a polar text called 中性 is wrong. */
  accuracy: number;
  /** Mean recall of 正面 and 负面 (中性 calls wrong); absent without polar texts. */
  balancedAccuracy?: number;
  /** Share of the texts called 中性, and of the polar ones. */
  neutralShare: number;
  polarCalledNeutral?: number;
  /** Share right among the texts called 正面 or 负面. */
  rightWhenPolar?: number;
  /** confusion[label][call]: how many texts of each label got each call. */
  confusion: Record<Label, Record<Label, number>>;
}

export function measure(model: SentimentModel, texts: readonly Text[]): Measure {
  const confusion = Object.fromEntries(
    LABELS.map((label) => [label, Object.fromEntries(LABELS.map((call) => [call, 0]))]),
  ) as Record<Label, Record<Label, number>>;
  for (const { text, label } of texts) confusion[label][model.classify(text)]++;
  const total = (label: Label) => LABELS.reduce((sum, call) => sum + confusion[label][call], 0);
  const calledNeutral = LABELS.reduce((sum, label) => sum + confusion[label].中性, 0);
  const right = LABELS.reduce((sum, label) => sum + confusion[label][label], 0);
  const polarLabels = (['正面', '负面'] as const).filter((label) => total(label) > 0);
  const polar = polarLabels.reduce((sum, label) => sum + total(label), 0);
  const calledPolar = (['正面', '负面'] as const).reduce(
    (sum, call) => sum + LABELS.reduce((inner, label) => inner + confusion[label][call], 0),
    0,
  );
  const result: Measure = {
    texts: texts.length,
    accuracy: round(right / texts.length),
    neutralShare: round(calledNeutral / texts.length),
    confusion,
  };
  if (polarLabels.length > 0) {
    result.balancedAccuracy = round(
      polarLabels.reduce((sum, label) => sum + confusion[label][label] / total(label), 0) /
        polarLabels.length,
    );
    result.polarCalledNeutral = round(
      polarLabels.reduce((sum, label) => sum + confusion[label].中性, 0) / polar,
    );
    const polarRight = confusion.正面.正面 + confusion.负面.负面;
    if (calledPolar > 0) result.rightWhenPolar = round(polarRight / calledPolar);
  }
  return result;
}

/** One line of figures and the confusion table, for the training log and the sources file. */
export function describe(name: string, { texts, ...m }: Measure): string {
  const percent = (value: number | undefined) =>
    value === undefined ? '–' : `${(value * 100).toFixed(1)}%`;
  const rows = LABELS.filter((label) => LABELS.some((call) => m.confusion[label][call] > 0)).map(
    (label) =>
      `    ${label}: ${LABELS.map((call) => `${call} ${m.confusion[label][call]}`).join(', ')}`,
  );
  return [
    `${name} (${texts}): accuracy ${percent(m.accuracy)}, balanced ${percent(m.balancedAccuracy)}, ` +
      `called 中性 ${percent(m.neutralShare)} (polar ones ${percent(m.polarCalledNeutral)}), ` +
      `right when polar ${percent(m.rightWhenPolar)}`,
    ...rows,
  ].join('\n');
}
