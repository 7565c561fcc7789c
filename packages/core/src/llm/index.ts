export * from './chat.js';
export * from './prompts.js';
export * from './fill-prompt.js';
export * from './model-answer.js';
export * from './report-summary.js';
export * from './brief.js';
export * from './brief-check.js';
export * from './default-prompts.js';
