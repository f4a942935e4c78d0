import { vendingRoutes } from '../modules/vending/vending.routes.ts';
import type { AnyRoute } from './route.ts';

/**
 * Every endpoint of the API below /api/v1, in the order Express tries them (an earlier path
 * wins: `/transaction/statement.csv` before `/transaction/{id}`). `mountRoutes` serves it, the
 * OpenAPI document is rendered from it, and the role tests read who may call what from it.
 */
export const routeTable: readonly AnyRoute[] = [...vendingRoutes];
