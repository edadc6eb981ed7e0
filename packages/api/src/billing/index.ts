// The billing feature's routes: member routes (bearer) and public ones (prices, notification, sandbox).
export { billingRoutes } from './billing-routes';
export { publicBillingRoutes } from './public-billing-routes';
