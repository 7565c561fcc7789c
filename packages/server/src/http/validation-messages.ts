import { fieldLabel, formMessage } from '@yuqing/core';
import { z } from 'zod';

/**
 * Gives zod's issues that no schema wrote a message for the spec's Chinese form messages with
 * the field's label ('请输入版本号'); a schema's own message still wins. zod's configuration is
 * process-wide, so this holds for every parse in the server.
 */
export function useChineseValidationMessages(): void {
  z.config({ customError: (issue) => formMessage(issue, fieldLabel(issue.path ?? [])) });
}
