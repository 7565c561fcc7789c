/** What other screens use of the data configuration: the names of data kinds, counting rows. */
export { KIND_LABELS } from './kindLabels';
export { countRows } from './rows';
