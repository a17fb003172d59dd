/**
 * A circuit breaker around a backend that may hang (Redis for the rate limits). After `failures`
 * failures in a row it opens: callers skip the backend for `coolDownMs` instead of each waiting
 * for its timeout (a hung Redis once added ~250 ms to every request). After the cool-down one
 * caller at a time probes the backend; a success closes it, a failure opens it for another
 * cool-down. `onChange` hears of opening and closing only, so each outage is logged once.
 */
export class CircuitBreaker {
  private consecutive = 0;
  private openUntil = 0;
  private probing = false;
  private tripped = false;

  constructor(
    private readonly options: {
      failures: number;
      coolDownMs: number;
      onChange: (open: boolean) => void;
      now?: () => number;
    },
  ) {}

  private now() {
    return (this.options.now ?? Date.now)();
  }

  /** Whether the circuit is open (the backend is being skipped or probed). */
  get open(): boolean {
    return this.tripped;
  }

  /** Whether this caller may use the backend now: always when closed, one probe after a cool-down. */
  allow(): boolean {
    if (!this.tripped) return true;
    if (this.probing || this.now() < this.openUntil) return false;
    this.probing = true;
    return true;
  }

  success(): void {
    this.consecutive = 0;
    this.probing = false;
    if (this.tripped) {
      this.tripped = false;
      this.options.onChange(false);
    }
  }

  failure(): void {
    this.consecutive++;
    this.probing = false;
    if (this.tripped || this.consecutive >= this.options.failures) {
      this.openUntil = this.now() + this.options.coolDownMs;
      if (!this.tripped) {
        this.tripped = true;
        this.options.onChange(true);
      }
    }
  }
}
