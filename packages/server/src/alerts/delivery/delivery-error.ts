/** A send that failed; `retryable` when a later try may succeed (5xx, timeouts, rate limits). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
