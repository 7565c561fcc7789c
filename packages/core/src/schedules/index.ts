export * from './schedule.js';
export * from './timing.js';
export * from './calls.js';
