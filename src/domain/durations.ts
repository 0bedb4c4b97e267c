/*
 * Durations, in milliseconds (the contract and the database speak epoch ms) unless the name says seconds (cookie
 * Max-Age). Every day-long or hour-long span in the code is one of these.
 */
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** A day in seconds (cookie Max-Age). */
export const DAY_S = DAY_MS / SECOND_MS;
