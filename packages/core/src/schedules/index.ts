export * from './schedule.js';
export * from './timing.js';
