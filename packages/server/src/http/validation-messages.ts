import { fieldMessage } from '@yuqing/core';
import { z } from 'zod';

/**
 * Gives zod's issues that no schema wrote a message for the spec's Chinese form messages with
 * the field's label ('请输入修订号'); a schema's own message still wins. zod's configuration is
 * per thread, so this holds for every parse on the server's main thread.
 */
export function useChineseValidationMessages(): void {
  z.config({ customError: (issue) => fieldMessage(issue) });
}
