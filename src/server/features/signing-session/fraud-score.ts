/*
 * A simple fraud score (0–100) shown to the sender next to each signature (issue 17 §7). It
 * weighs only what the signing itself reveals — no biometrics (BIPA): the signature's strokes
 * are kept as evidence, never profiled.
 */

/** Finishing sooner than this after the first view suggests nobody read the document. */
export const fastSigningMs = 10_000;

export interface FraudSignals {
  /** Milliseconds from the first view to the finish (null when never viewed: in person). */
  msFromViewToFinish: number | null;
  fastSigning: boolean;
  /** The IP at the first view and at signing differ. */
  ipChanged: boolean;
  viewedFromIp: string | null;
  signedFromIp: string | null;
  /** Wrong one-time codes over the recipient's life. */
  failedCodes: number;
}

export function fraudSignalsOf(input: {
  viewedAt: Date | null;
  finishedAt: Date;
  viewedFromIp: string | null | undefined;
  signedFromIp: string | null;
  failedCodes: number | undefined;
}): FraudSignals {
  const msFromViewToFinish = input.viewedAt ? input.finishedAt.getTime() - input.viewedAt.getTime() : null;
  const viewedFromIp = input.viewedFromIp ?? null;
  return {
    msFromViewToFinish,
    fastSigning: msFromViewToFinish !== null && msFromViewToFinish < fastSigningMs,
    ipChanged: viewedFromIp !== null && input.signedFromIp !== null && viewedFromIp !== input.signedFromIp,
    viewedFromIp,
    signedFromIp: input.signedFromIp,
    failedCodes: input.failedCodes ?? 0,
  };
}

/** 40 for signing within 10 s of opening, 30 for a changed IP, 10 per wrong code up to 30. */
export function fraudScoreOf(signals: FraudSignals): number {
  const score =
    (signals.fastSigning ? 40 : 0) + (signals.ipChanged ? 30 : 0) + Math.min(signals.failedCodes * 10, 30);
  return Math.min(score, 100);
}
