/**
 * The orders whose purchase this browser session has already reported, kept in session
 * storage so a reload of the confirmation does not report the same purchase again.
 */
import * as z from 'zod/mini';
import { readJson, writeJson, type KeyValueStorage } from '../../domain/storage';

export const TRACKED_ORDERS_KEY = 'rp.order.tracked';
/** Enough for any session; the oldest ids go first. */
export const TRACKED_ORDERS_LIMIT = 50;

const trackedOrders = z.array(z.int().check(z.positive()));

export function readTrackedOrders(storage: KeyValueStorage | null | undefined): number[] {
  return readJson(storage, TRACKED_ORDERS_KEY, trackedOrders) ?? [];
}

/** Adds the order; false when storage refused it (the purchase may then be reported again on reload). */
export function rememberTrackedOrder(storage: KeyValueStorage | null | undefined, orderId: number): boolean {
  const known = readTrackedOrders(storage).filter((id) => id !== orderId);
  return writeJson(storage, TRACKED_ORDERS_KEY, [...known, orderId].slice(-TRACKED_ORDERS_LIMIT));
}

/**
 * The orders whose welcome this browser has shown, kept in local storage: the welcome opens once
 * per order, not again on a reload or in another tab.
 */
export const WELCOMED_ORDERS_KEY = 'rp.order.welcomed';

export function readWelcomedOrders(storage: KeyValueStorage | null | undefined): number[] {
  return readJson(storage, WELCOMED_ORDERS_KEY, trackedOrders) ?? [];
}

/** Adds the order; false when storage refused it (the welcome may then open again on reload). */
export function rememberWelcomedOrder(storage: KeyValueStorage | null | undefined, orderId: number): boolean {
  const known = readWelcomedOrders(storage).filter((id) => id !== orderId);
  return writeJson(storage, WELCOMED_ORDERS_KEY, [...known, orderId].slice(-TRACKED_ORDERS_LIMIT));
}
