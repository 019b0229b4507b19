// How many replies a remote model is sent at once, learnt from the provider (AIMD): the limit grows by one
// per limit's worth of answered calls while it is what holds calls back, and falls when the provider
// pushes back: to half of what was in flight on a 429, to 90% of the limit when first tokens (smoothed)
// come more than twice as late as the best seen lately. Below saturation it never binds; an operator's
// REMOTE_MODEL_CONCURRENCY is its ceiling (and where it starts).

export type TAdaptiveLimitOptions = {
  /** The ceiling and the start: the operator's limit, or one high enough never to bind a healthy provider. */
  max: number;
  min?: number;
  /** Share of what was in flight kept after a 429 (default 0.5). */
  onRateLimited?: number;
  /** Share kept when a first token comes late (default 0.9). */
  onSlowStart?: number;
  /**
   * First tokens (smoothed) this many times the baseline and `slowStartMinRiseMs` more are late (default 2×
   * and 1 s: a provider's queue adds seconds; a busy machine or a long prompt adds less).
   */
  slowStartRatio?: number;
  slowStartMinRiseMs?: number;
  /** True while this server itself runs late (its event loop lags): a late first token then proves nothing. */
  isBusyHere?: () => boolean;
};

/** When a call was sent, as the limit counts it: only calls sent since the last decrease may cause another. */
export type TLimitTicket = { epoch: number };

export class AdaptiveLimit {
  private value: number;
  private baselineMs: number | null = null;
  /** Recent first tokens, smoothed: one slow call (a busy event loop, a long prompt) is not a trend. */
  private recentMs: number | null = null;
  private epoch = 0;
  private readonly min: number;
  private readonly options: Required<Omit<TAdaptiveLimitOptions, 'min'>>;

  constructor(options: TAdaptiveLimitOptions) {
    this.min = Math.max(1, options.min ?? 1);
    this.options = {
      max: Math.max(this.min, options.max),
      onRateLimited: options.onRateLimited ?? 0.5,
      onSlowStart: options.onSlowStart ?? 0.9,
      slowStartRatio: options.slowStartRatio ?? 2,
      slowStartMinRiseMs: options.slowStartMinRiseMs ?? 1000,
      isBusyHere: options.isBusyHere ?? (() => false),
    };
    this.value = this.options.max;
  }

  /** Calls that may be in flight now. */
  current(): number {
    return Math.max(this.min, Math.floor(this.value));
  }

  /** The lowest recent time to first token: the yardstick for late. */
  baseline(): number | null {
    return this.baselineMs;
  }

  /** Taken when a call is sent, handed back with what became of it. */
  ticket(): TLimitTicket {
    return { epoch: this.epoch };
  }

  /**
   * The provider refused the call (429/503) with `inFlight` calls out. A burst of refusals of calls sent
   * before the last decrease is one event, so the limit halves once, not once per refusal.
   * @returns whether the limit changed
   */
  onRateLimited(ticket: TLimitTicket, inFlight: number): boolean {
    return this.decrease(ticket, inFlight, this.options.onRateLimited);
  }

  /**
   * The call's first token came `ms` after it was sent, with `inFlight` calls out.
   * @returns whether the limit changed (then the gate may start whoever fits)
   */
  onFirstToken(ticket: TLimitTicket, ms: number, inFlight: number): boolean {
    const { slowStartRatio, slowStartMinRiseMs, isBusyHere } = this.options;
    if (isBusyHere()) return false;
    if (this.baselineMs === null || ms < this.baselineMs) this.baselineMs = ms;
    else this.baselineMs += (ms - this.baselineMs) * 0.01; // a provider slower for good moves it up slowly
    this.recentMs = this.recentMs === null ? ms : this.recentMs + (ms - this.recentMs) * 0.2;
    const recent = this.recentMs;
    const isLate = recent > this.baselineMs * slowStartRatio && recent - this.baselineMs > slowStartMinRiseMs;
    // Lateness cuts the limit itself, not what was in flight: a provider slow for reasons of its own (or a
    // starved machine) must not collapse the limit below the load in a few round trips (bench:reply-pipeline
    // on a machine at load 29 did exactly that). A 429 is unambiguous and cuts to what was in flight.
    if (isLate) return this.decrease(ticket, Number.POSITIVE_INFINITY, this.options.onSlowStart);
    // Additive increase only while the limit is what holds calls back: an idle limit proves nothing.
    if (inFlight < this.current() - 1 || this.value >= this.options.max) return false;
    const before = this.current();
    this.value = Math.min(this.options.max, this.value + 1 / this.value);
    return this.current() !== before;
  }

  private decrease(ticket: TLimitTicket, inFlight: number, keep: number): boolean {
    if (ticket.epoch !== this.epoch) return false;
    this.epoch += 1;
    const before = this.current();
    this.value = Math.max(this.min, Math.min(this.value, inFlight) * keep);
    return this.current() !== before;
  }
}
