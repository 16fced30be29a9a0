import type { SkeletonShape } from '../ui/Skeleton';
import { findRoute, type RouteId } from './route-table';

/** The shape a signed-in page's skeleton takes: billing history is a table, the offer pages are offers side by side. */
const SKELETON_SHAPES: Partial<Record<RouteId, SkeletonShape>> = {
  transactions: 'table',
  winback: 'offers',
  cancellationPreOffers: 'offers',
  cancellationFinalOffer: 'offers',
};

/**
 * A signed-in page's skeleton (its shape while its code and data load); none for a page a guest may
 * open or for the funnel's pages, whose server-rendered top or loader stands in for them. The server
 * renders it into a signed-in person's page, and the router's waiting page renders the same.
 */
export function skeletonShapeAt(pathname: string): SkeletonShape | null {
  const route = findRoute(pathname);
  if (!route || route.openToGuests || route.funnel) return null;
  return SKELETON_SHAPES[route.id] ?? 'list';
}
