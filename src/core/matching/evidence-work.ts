// Issue 26 item 3: one linked block of 300 K characters cost 6.7 s because the evidence rules
// walked the link once per candidate. Tests read this count at n and 2n characters, since the
// ratio of steps says "linear" where a wall-clock time on a shared machine cannot.

/** Tokens and marks the evidence rules have visited since the last reset. */
export const evidenceWork = { steps: 0 };
